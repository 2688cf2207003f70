import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { GridQueryRequest, directory } from '@app/contracts';
import { Rpc, parseFields, parsePayload } from '@app/nest-kit';
import { ProfilesService } from './profiles.service';

const R = directory.PROFILES_RPC;
const Target = z.object({ userId: z.uuid({ error: 'userId must be a user id' }).optional(), usernameOrEmail: z.string().max(320).nullish() });
const UpdatePayload = z.object({ target: Target, userName: directory.userNameField().optional(), changes: z.record(z.string(), z.unknown()) });
const ImagePayload = z.object({ target: Target, image: z.enum(['banner', 'avatar']), url: z.string().regex(directory.UPLOADED_IMAGE_URL, directory.INVALID_IMAGE_URL) });

/** directory.cmd/qry for profiles and users (the gateway's /users routes). */
@Controller()
export class ProfilesRpcController {
  constructor(private readonly profiles: ProfilesService) {}

  @Rpc('directory', 'cmd', R.createUser)
  createUser(@Payload() payload: unknown) {
    return this.profiles.createUser(parseFields(directory.CreateUserPayload, payload));
  }

  @Rpc('directory', 'cmd', R.updateProfile)
  updateProfile(@Payload() payload: unknown) {
    return this.profiles.updateProfile(parsePayload(UpdatePayload, payload) as directory.UpdateProfilePayload);
  }

  @Rpc('directory', 'cmd', R.changeImage)
  changeImage(@Payload() payload: unknown) {
    return this.profiles.changeImage(parseFields(ImagePayload, payload));
  }

  @Rpc('directory', 'qry', R.mayChangeImage)
  mayChangeImage(@Payload() payload: unknown) {
    return this.profiles.mayChangeImage(parseFields(directory.ImageTargetRequest, payload));
  }

  @Rpc('directory', 'cmd', R.deleteUser)
  deleteUser(@Payload() payload: unknown) {
    return this.profiles.deleteUser(parseFields(directory.UserIdRequest, payload).userId);
  }

  @Rpc('directory', 'qry', R.getUsers)
  getUsers(@Payload() payload: unknown) {
    return this.profiles.getUsers(parseFields(GridQueryRequest, payload));
  }

  @Rpc('directory', 'qry', R.getProfile)
  getProfile(@Payload() payload: unknown) {
    return this.profiles.getProfile(parseFields(directory.UserIdRequest, payload).userId);
  }

  @Rpc('directory', 'qry', R.suggestUserName)
  async suggestUserName(@Payload() payload: unknown) {
    const q = parseFields(directory.UserNameSuggestionQuery, payload);
    return { userName: await this.profiles.suggestUserName(q.firstName, q.lastName) };
  }

  @Rpc('directory', 'qry', R.userAvatar)
  userAvatar(@Payload() payload: unknown) {
    return this.profiles.userAvatar(parseFields(directory.UserAvatarQuery, payload).userName);
  }

  @Rpc('directory', 'qry', R.searchUsers)
  searchUsers(@Payload() payload: unknown) {
    return this.profiles.searchUsers(parseFields(directory.SearchUsersQuery, payload).searchTerm);
  }

  @Rpc('directory', 'qry', R.searchUsersByNpi)
  searchUsersByNpi(@Payload() payload: unknown) {
    return this.profiles.searchUsersByNpi(parseFields(directory.SearchUsersByNpiQuery, payload).ids);
  }
}
