import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiQuery } from '@nestjs/swagger';
import { z, type ZodType } from 'zod';

type JsonSchema = { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };

function jsonSchemaOf(schema: ZodType): JsonSchema {
  const s = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema & { $schema?: string };
  delete s.$schema;
  return s;
}

/** Documents a request body from its zod contract; JSON, urlencoded and multipart form-data are all accepted. */
export function ApiFields(schema: ZodType) {
  return applyDecorators(
    ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'),
    ApiBody({ schema: jsonSchemaOf(schema) as never }),
  );
}

/** Documents query parameters from their zod contract. */
export function ApiQueryFields(schema: ZodType) {
  const s = jsonSchemaOf(schema);
  const required = new Set(s.required ?? []);
  return applyDecorators(
    ...Object.entries(s.properties ?? {}).map(([name, prop]) => ApiQuery({ name, required: required.has(name), schema: prop as never })),
  );
}

/** `{ success: false, message, field?, code? }`: every failure's body. */
export const ERROR_BODY = {
  type: 'object',
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string' },
    field: { type: 'string', description: 'The request field at fault (400)' },
    code: { type: 'string', description: 'Machine-readable reason, e.g. validation, invalid_credentials, invalid_code, rate_limited' },
  },
  required: ['success', 'message'],
};
