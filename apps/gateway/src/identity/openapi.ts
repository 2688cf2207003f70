import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import type { RpcContract } from '@app/contracts';
import { z, type ZodType } from 'zod';

type JsonSchema = { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };

/** The JSON schema of a zod schema, as OpenAPI documents it (`io`: a request's input or a reply's output). */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema & { $schema?: string };
  delete s.$schema;
  return s;
}

/** Documents a request body from its zod contract; JSON, urlencoded and multipart form-data are all accepted. */
export function ApiFields(schema: ZodType, options: { required?: boolean } = {}) {
  return applyDecorators(
    ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'),
    ApiBody({ ...options, schema: jsonSchemaOf(schema) as never }),
  );
}

/** Documents the 200 answer of a route that passes an RPC's reply on as it is, from that RPC's contract. */
export function ApiReply(contract: Pick<RpcContract, 'reply'>) {
  return ApiOkResponse({ schema: jsonSchemaOf(contract.reply, 'output') as never });
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
