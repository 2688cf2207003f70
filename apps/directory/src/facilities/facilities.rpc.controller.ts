import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { directory } from '@app/contracts';
import { Rpc, parseFields } from '@app/nest-kit';
import { FacilitiesService } from './facilities.service';

const R = directory.FACILITIES_RPC;
const Details = directory.AddFacilityRequest.transform(({ adminEmail: _ignored, ...d }) => d);
const AddPayload = z.object({ details: Details });
const UpdatePayload = z.object({ facilityId: z.uuid({ error: 'facilityId must be a facility id' }), details: Details });

/** directory.cmd/qry for facilities (the gateway's /users/*Facility* routes). Payloads are checked again here. */
@Controller()
export class FacilitiesRpcController {
  constructor(private readonly facilities: FacilitiesService) {}

  @Rpc('directory', 'cmd', R.addFacility)
  addFacility(@Payload() payload: unknown) {
    return this.facilities.add(parseFields(AddPayload, payload).details);
  }

  @Rpc('directory', 'cmd', R.updateFacility)
  updateFacility(@Payload() payload: unknown) {
    const p = parseFields(UpdatePayload, payload);
    return this.facilities.update(p.facilityId, p.details);
  }

  @Rpc('directory', 'cmd', R.deleteFacility)
  deleteFacility(@Payload() payload: unknown) {
    return this.facilities.delete(parseFields(directory.FacilityIdRequest, payload).facilityId);
  }

  @Rpc('directory', 'qry', R.getFacility)
  getFacility(@Payload() payload: unknown) {
    return this.facilities.get(parseFields(directory.FacilityIdRequest, payload).facilityId);
  }

  @Rpc('directory', 'qry', R.getFacilities)
  getFacilities(@Payload() payload: unknown) {
    return this.facilities.list(parseFields(directory.AllFacilitiesRequest, payload));
  }

  @Rpc('directory', 'qry', R.countFacilities)
  countFacilities(@Payload() payload: unknown) {
    return this.facilities.count(parseFields(directory.AllFacilitiesRequest, payload));
  }
}
