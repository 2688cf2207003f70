import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { asyncApiDocument, EVENT_CATALOGUE, EVENT_CATALOGUE_VERSION } from '@app/contracts';
import { Public } from '../auth/public.decorator';

/**
 * The AsyncAPI 3.0 catalogue of the integration events (`events.<context>.<Event>` on NATS
 * JetStream), generated from the zod schemas of libs/contracts: the same document the build
 * writes to dist/asyncapi.json. Public, like the event names it describes (no data).
 */
@ApiTags('integrators')
@Controller('api')
export class AsyncApiController {
  private readonly document = asyncApiDocument(EVENT_CATALOGUE, { version: EVENT_CATALOGUE_VERSION });

  @Public()
  @Get('asyncapi.json')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'AsyncAPI 3.0 document of every integration event: channel, CloudEvents envelope, payload schema, version' })
  asyncApi() {
    return this.document;
  }
}
