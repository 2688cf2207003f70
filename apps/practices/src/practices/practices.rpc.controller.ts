import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { GridQueryRequest, practices } from '@app/contracts';
import { Rpc, parseFields } from '@app/nest-kit';
import { PracticesService } from './practices.service';

const R = practices.PRACTICES_RPC;

const Owner = z.object({
  id: z.uuid(),
  accessType: z.enum(practices.ACCESS_TYPES),
  fullName: z.string().max(200).nullable(),
  npi: z.string().max(10).nullable(),
  avatarImageUrl: z.string().max(300).nullable(),
});
const Address = z.object({ streetAddress1: z.string().nullable(), suite: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable() });
const Details = z.object({
  npi: z.string().regex(/^\d{10}$/),
  practiceName: z.string().min(1).max(200),
  displayName: z.string().min(2).max(40),
  userName: z.string().min(2).max(20),
  email: z.string().min(3).max(320),
  mailingAddress: Address,
  phone: z.string().max(40).nullable(),
  fax: z.string().max(40).nullable(),
  website: z.string().max(500).nullable(),
  profileDescription: z.string().max(5000).nullable(),
  bannerImageUrl: z.string().max(300).nullable(),
  avatarImageUrl: z.string().max(300).nullable(),
});
const CreatePayload = z.object({ details: Details, owners: z.array(Owner).max(practices.MAX_PRACTICE_USERS) });
const UpdatePayload = z.object({
  practiceId: z.uuid(),
  changes: Details.pick({ displayName: true, userName: true, mailingAddress: true, phone: true, fax: true, website: true, profileDescription: true }).partial(),
  owners: z.array(Owner).max(practices.MAX_PRACTICE_USERS),
  deletedOwners: z.array(z.uuid()).max(practices.MAX_PRACTICE_USERS),
});

/** practices.cmd/qry (the gateway's practice routes; it validated the §5 rules already, this checks the shape again). */
@Controller()
export class PracticesRpcController {
  constructor(private readonly practices: PracticesService) {}

  @Rpc('practices', 'cmd', R.createPractice)
  create(@Payload() payload: unknown) {
    return this.practices.create(parseFields(CreatePayload, payload));
  }

  @Rpc('practices', 'cmd', R.updatePractice)
  update(@Payload() payload: unknown) {
    return this.practices.update(parseFields(UpdatePayload, payload));
  }

  @Rpc('practices', 'cmd', R.changeImage)
  changeImage(@Payload() payload: unknown) {
    const p = parseFields(practices.ChangePracticeImagePayload, payload);
    return this.practices.changeImage({ practiceId: p.practiceId, image: p.image, url: p.url as string });
  }

  @Rpc('practices', 'qry', R.mayChangeImage)
  mayChangeImage(@Payload() payload: unknown) {
    return this.practices.mayChangeImage(parseFields(practices.PracticeIdRequest, payload).practiceId);
  }

  @Rpc('practices', 'cmd', R.deletePractice)
  delete(@Payload() payload: unknown) {
    return this.practices.delete(parseFields(practices.PracticeIdRequest, payload).practiceId);
  }

  @Rpc('practices', 'qry', R.listPractices)
  list(@Payload() payload: unknown) {
    return this.practices.list(parseFields(GridQueryRequest, payload));
  }

  @Rpc('practices', 'qry', R.getProfile)
  getProfile(@Payload() payload: unknown) {
    return this.practices.getProfile(parseFields(practices.PracticeProfileQuery, payload).npi);
  }

  @Rpc('practices', 'qry', R.getProviders)
  providers(@Payload() payload: unknown) {
    return this.practices.providers(parseFields(practices.PracticeProvidersQuery, payload));
  }

  @Rpc('practices', 'qry', R.userPractices)
  userPractices(@Payload() payload: unknown) {
    return this.practices.userPractices(parseFields(practices.UserPracticesQuery, payload));
  }

  @Rpc('practices', 'qry', R.byNpis)
  byNpis(@Payload() payload: unknown) {
    return this.practices.byNpis(parseFields(practices.PracticesByNpiQuery, payload).npis);
  }

  @Rpc('practices', 'qry', R.exists)
  exists(@Payload() payload: unknown) {
    const p = parseFields(practices.ExistsPayload, payload);
    return this.practices.exists(p.field, p.value);
  }

  @Rpc('practices', 'qry', R.suggestUserName)
  suggestUserName(@Payload() payload: unknown) {
    return this.practices.suggestUserName(parseFields(practices.PracticeUserNameSuggestionQuery, payload).organizationName);
  }
}
