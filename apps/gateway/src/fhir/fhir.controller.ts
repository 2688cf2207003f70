import { All, Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { directory } from '@app/contracts';
import { NotFound } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { HttpFailure } from '../http/http-exception.filter';
import { RpcClient } from '../rpc/rpc-client.service';
import { FHIR_JSON } from './operation-outcome';

const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The base URL the client used (`<proto>://<host>/fhir`): next links and fullUrls are absolute. */
function baseUrl(req: Request): string {
  const host = req.get('host') ?? '';
  return `${req.protocol}://${HOST.test(host) ? host : 'localhost'}/fhir`;
}

/** The query string's parameters as sent: name, value pairs, repeats kept, in order. */
function queryPairs(req: Request): [string, string][] {
  const q = req.originalUrl.indexOf('?');
  return q < 0 ? [] : [...new URLSearchParams(req.originalUrl.slice(q + 1)).entries()];
}

function resourceType(type: string): directory.FhirResourceType {
  if (!(directory.FHIR_RESOURCE_TYPES as readonly string[]).includes(type))
    throw new NotFound(`Resource type '${type}' is not served here (${directory.FHIR_RESOURCE_TYPES.join(', ')}; see /fhir/metadata)`);
  return type as directory.FhirResourceType;
}

/**
 * The provider directory as FHIR R4 (Da Vinci PDex Plan-Net), read-only and public (CMS-9115-F
 * wants provider directories open; the per-IP rate limit applies): `/fhir/metadata`,
 * `/fhir/<Type>?<search>`, `/fhir/<Type>/<id>`. Answers `application/fhir+json`; every failure
 * is an OperationOutcome (the HTTP filter, for any path under /fhir). The directory service
 * answers from its FHIR read model.
 */
@ApiTags('fhir')
@Public()
@Controller('fhir')
export class FhirController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('metadata')
  @Header('Content-Type', FHIR_JSON)
  @ApiOperation({ summary: 'CapabilityStatement: the resource types, interactions and search parameters supported' })
  metadata(@Req() req: Request) {
    return this.rpc.call(directory.FHIR_RPC.capabilities, { base: baseUrl(req) });
  }

  @Get(':type')
  @Header('Content-Type', FHIR_JSON)
  @ApiOperation({ summary: 'Search (searchset Bundle, cursor paging by the next link)' })
  search(@Param('type') type: string, @Req() req: Request) {
    const request: directory.FhirSearchRequest = { resourceType: resourceType(type), params: queryPairs(req), base: baseUrl(req) };
    return this.rpc.call(directory.FHIR_RPC.search, request);
  }

  @Get(':type/:id')
  @Header('Content-Type', FHIR_JSON)
  @ApiOperation({ summary: 'Read one resource' })
  read(@Param('type') type: string, @Param('id') id: string, @Req() req: Request) {
    const request: directory.FhirReadRequest = { resourceType: resourceType(type), id, base: baseUrl(req) };
    return this.rpc.call(directory.FHIR_RPC.read, request);
  }

  /** Anything else under /fhir: 404 for a read of an unknown path, 405 for a write (the API is read-only). */
  @All(['', '{*path}'])
  other(@Req() req: Request): never {
    if (req.method === 'GET' || req.method === 'HEAD') throw new NotFound(`${req.path} is not a FHIR interaction of this server (see /fhir/metadata)`);
    throw new HttpFailure(405, `${req.method} is not supported: this FHIR API is read-only`);
  }
}
