import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { directory } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { ApiQueryFields, ERROR_BODY } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';
import { RegistryUserThrottler } from './registry-throttler.guard';

/**
 * The national provider registry (spec practices §7 `npi/search`, `searchNppes`,
 * `searchAllNpiPractice`, accounts §7 `searchAllNpi`): signed-in callers only, rate limited per
 * user. A term of 10 digits is an NPI (400 'Invalid NPI' when its check digit is wrong), 3 to 9
 * digits an NPI prefix, 'Last, First' a person, other words a person's last name or an
 * organisation's name. At most 50 results, ranked exact NPI, exact name, then prefix.
 * `sampleData: true` while the mirror holds only the generated sample registry.
 */
@ApiTags('registry')
@ApiBearerAuth()
@ApiResponse({ status: 400, description: "Invalid NPI, or a bad searchTerm / state / city / npiType", schema: ERROR_BODY })
@ApiResponse({ status: 429, description: 'Too many registry lookups by this user; see Retry-After', schema: ERROR_BODY })
@ApiResponse({ status: 503, description: 'NPPES_MODE=live and the public registry is unreachable', schema: ERROR_BODY })
@UseGuards(RegistryUserThrottler)
@Controller()
export class RegistryController {
  constructor(private readonly rpc: RpcClient) {}

  private search(request: directory.RegistrySearchRequest) {
    return this.rpc.call(directory.REGISTRY_RPC.search, request);
  }

  @Get(['api/v1/npi/search', 'api/npi/search'])
  @ApiOperation({ summary: "Providers for the 'Add Facility' search: NPI, 'Last, First' (npiType 1, default) or an organisation name (npiType 2)" })
  @ApiQueryFields(directory.NpiSearchQuery)
  async npiSearch(@Query() query: unknown) {
    const q = parseFields(directory.NpiSearchQuery, query);
    const reply = await this.search({ searchTerm: q.searchTerm, audience: q.npiType === '2' ? 'organization' : 'person', state: q.state, city: q.city });
    return { success: true, providers: reply.results.map(directory.toProviderListItem), sampleData: reply.source.sampleOnly };
  }

  @Get(['api/npi/searchNppes', 'api/v1/npi/searchNppes'])
  @ApiOperation({ summary: 'One NPI in full (providerData: basic, number, taxonomies, addresses location then mailing, endpoints); 404 when unknown' })
  @ApiQueryFields(directory.SearchNppesQuery)
  async searchNppes(@Query() query: unknown) {
    const { npi } = parseFields(directory.SearchNppesQuery, query);
    const reply = await this.rpc.call(directory.REGISTRY_RPC.lookup, { npi });
    return { success: true, providerData: reply.result, sampleData: reply.source.sampleOnly };
  }

  @Get(['api/v1/users/searchAllNpi', 'api/users/searchAllNpi'])
  @ApiOperation({ summary: 'People in the registry (create-user drawer): NPI or Last, First' })
  @ApiQueryFields(directory.RegistryTermQuery)
  async searchAllNpi(@Query() query: unknown) {
    const q = parseFields(directory.RegistryTermQuery, query);
    const reply = await this.search({ searchTerm: q.searchTerm, audience: 'person', state: q.state, city: q.city });
    return { success: true, users: reply.results, sampleData: reply.source.sampleOnly };
  }

  @Get(['api/users/searchAllNpiPractice', 'api/v1/users/searchAllNpiPractice'])
  @ApiOperation({ summary: 'Organisations in the registry (create-practice drawer): NPI or name words in any order, legal suffixes ignored' })
  @ApiQueryFields(directory.RegistryTermQuery)
  async searchAllNpiPractice(@Query() query: unknown) {
    const q = parseFields(directory.RegistryTermQuery, query);
    const reply = await this.search({ searchTerm: q.searchTerm, audience: 'organization', state: q.state, city: q.city });
    return { success: true, users: reply.results, sampleData: reply.source.sampleOnly };
  }

  @Get(['api/v1/npi/status', 'api/npi/status'])
  @ApiOperation({ summary: "What the registry is: mode (mirror/live), the file and date the mirror holds, sampleOnly ('Sample registry data')" })
  async status() {
    const reply = await this.rpc.call(directory.REGISTRY_RPC.status, {});
    return { success: true, ...reply };
  }
}
