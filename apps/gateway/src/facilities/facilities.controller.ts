import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { directory } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { bodyOf } from '../identity/responses';
import { ApiReply, ERROR_BODY } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';

const R = directory.FACILITIES_RPC;

/**
 * Facilities (spec practices §2, §4, §7, accounts §7 `addFacility`): admins only
 * (the directory decides, from its copy of the roles). A facility belongs to the signed-in
 * admin: `adminEmail` is accepted and ignored; another admin's facility is a 404.
 */
@ApiTags('facilities')
@ApiBearerAuth()
@ApiResponse({ status: 400, description: 'A bad field, named (Invalid NPI, Invalid Street, Invalid Phone #, filters.<field>, ...)', schema: ERROR_BODY })
@ApiResponse({ status: 403, description: 'Not an administrator', schema: ERROR_BODY })
@Controller()
export class FacilitiesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(['api/users/allFacilities', 'api/v1/users/allFacilities'])
  @ApiOperation({ summary: "The signed-in admin's facilities: the grid contract (skip, limit 10, filters, sorting as JSON text); adminEmail ignored" })
  @ApiReply(R.getFacilities)
  allFacilities(@Query() query: unknown) {
    return this.rpc.call(R.getFacilities, parseFields(directory.AllFacilitiesRequest, query));
  }

  @Get(['api/users/facility/count', 'api/v1/users/facility/count'])
  @ApiOperation({ summary: "How many facilities the signed-in admin has (the grid's filters apply); adminEmail ignored" })
  @ApiReply(R.countFacilities)
  facilityCount(@Query() query: unknown) {
    return this.rpc.call(R.countFacilities, parseFields(directory.AllFacilitiesRequest, query));
  }

  @Get(['api/users/facility', 'api/v1/users/facility'])
  @ApiOperation({ summary: 'One facility of the signed-in admin (Show Details, Edit Record); 404 when unknown or not theirs' })
  @ApiReply(R.getFacility)
  facility(@Query() query: unknown) {
    return this.rpc.call(R.getFacility, parseFields(directory.FacilityIdRequest, query));
  }

  @Put(['api/v1/users/addFacility', 'api/users/addFacility'])
  @HttpCode(200)
  @ApiOperation({ summary: "'Create New Facility Profile' (the facility create payload); NPI required; 409 when the admin already has this NPI" })
  @ApiReply(R.addFacility)
  @ApiResponse({ status: 409, description: directory.FACILITY_NPI_TAKEN, schema: ERROR_BODY })
  addFacility(@Body() body: unknown) {
    const { adminEmail: _ignored, ...details } = parseFields(directory.AddFacilityRequest, bodyOf(body));
    const payload: directory.AddFacilityPayload = { details };
    return this.rpc.call(R.addFacility, payload);
  }

  @Post(['api/v1/users/updateFacility', 'api/users/updateFacility'])
  @HttpCode(200)
  @ApiOperation({ summary: "'Edit Record': facilityId and every field of the create payload; 404 when not the admin's; 409 on another facility's NPI" })
  @ApiReply(R.updateFacility)
  updateFacility(@Body() body: unknown) {
    const { facilityId, adminEmail: _ignored, ...details } = parseFields(directory.UpdateFacilityRequest, bodyOf(body));
    const payload: directory.UpdateFacilityPayload = { facilityId, details };
    return this.rpc.call(R.updateFacility, payload);
  }

  @Put(['api/v1/users/updateFacility', 'api/users/updateFacility'])
  @HttpCode(200)
  @ApiOperation({ summary: 'Same as POST updateFacility' })
  updateFacilityPut(@Body() body: unknown) {
    return this.updateFacility(body);
  }

  @Delete(['api/v1/users/deleteFacility', 'api/users/deleteFacility'])
  @HttpCode(200)
  @ApiOperation({ summary: "'Delete Record': facilityId (or _id) in the body or the query; 404 when not the admin's" })
  @ApiReply(R.deleteFacility)
  deleteFacility(@Body() body: unknown, @Query() query: unknown) {
    const b = bodyOf(body) as Record<string, unknown>;
    const input = Object.keys(b).length ? b : bodyOf(query);
    const payload: directory.FacilityIdPayload = parseFields(directory.FacilityIdRequest, input);
    return this.rpc.call(R.deleteFacility, payload);
  }
}
