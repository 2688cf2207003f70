import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GridQueryRequest, directory, practices } from '@app/contracts';
import { ValidationFailed, checkFields, currentContext, parseFields } from '@app/nest-kit';
import { MultilineFields, type RequestWithUpload } from '../http/input.interceptor';
import { bodyOf } from '../identity/responses';
import { ApiReply } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';
import { Upload } from '../uploads/upload.decorator';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, UploadsService } from '../uploads/uploads.service';

const R = directory.PROFILES_RPC;
const IMAGE = { field: 'file', maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES } as const;

/**
 * Profiles and users (spec accounts §7 "Profiles and users"). The directory decides who may do
 * what from its own copy of the roles: admins list and create users; a user edits their own
 * profile, the master admin anyone's (403 otherwise). Every §5 rule answers 400 naming the field.
 */
@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class ProfilesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: UploadsService,
  ) {}

  /** The idempotency key of a create: the client's request id (body or Idempotency-Key), else the email. */
  private requestKey(requestId: string | undefined, header: string | undefined): string {
    const id = requestId ?? header?.trim();
    if (id !== undefined && !/^[A-Za-z0-9_.:-]{8,100}$/.test(id)) throw new ValidationFailed('requestId', 'requestId: 8 to 100 letters, digits, _ . : -');
    // Without an explicit key a request is its own: never taken for a retry of another (a second
    // person with an email in use gets identity's 409 'Email already in use', field email).
    return id ? `request:${currentContext()?.actor?.userId ?? ''}:${id}` : `once:${randomUUID()}`;
  }

  @Post(['api/v1/users/addUser', 'api/users/addUser'])
  @HttpCode(200)
  @ApiOperation({ summary: "Admins: 'Create New Provider Profile' (the provider create payload); one request registers the account and records the profile; retry-safe" })
  @ApiReply(R.createUser)
  addUser(@Body() body: unknown, @Headers('idempotency-key') key?: string) {
    const b = parseFields(directory.AddUserRequest, bodyOf(body));
    return this.rpc.call(R.createUser, directory.createPayloadFromAddUser(b, this.requestKey(b.requestId, key)));
  }

  @Post(['api/v1/users/addUser2', 'api/users/addUser2'])
  @HttpCode(200)
  @MultilineFields('profileDescription')
  @ApiOperation({ summary: "Admins: 'Create User Profile' (provider or not); retry-safe" })
  @ApiReply(R.createUser)
  addUser2(@Body() body: unknown, @Headers('idempotency-key') key?: string) {
    const b = parseFields(directory.AddUser2Request, bodyOf(body));
    return this.rpc.call(R.createUser, directory.createPayloadFromAddUser2(b, this.requestKey(b.requestId, key)));
  }

  @Post(['api/v1/users/getUsers', 'api/users/getUsers'])
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: the users grid (skip, limit 10, filters, sorting: name, credentials, specialty, primaryPracticeAddress, mobile, lastUpdate)' })
  @ApiReply(R.getUsers)
  getUsers(@Body() body: unknown) {
    return this.rpc.call(R.getUsers, parseFields(GridQueryRequest, bodyOf(body)));
  }

  @Post(['api/v1/users/updateProfile', 'api/users/updateProfile'])
  @HttpCode(200)
  @MultilineFields('profileDescription')
  @ApiOperation({ summary: "Edit a profile (own, or anyone's for the master admin; usernameOrEmail names whose)" })
  @ApiReply(R.updateProfile)
  updateProfile(@Body() body: unknown) {
    const b = parseFields(directory.UpdateProfileRequest, bodyOf(body));
    const payload: directory.UpdateProfilePayload = {
      target: { usernameOrEmail: b.usernameOrEmail },
      userName: b.userName,
      changes: {
        displayName: b.displayName,
        organization: b.organization,
        mailingAddress: { streetAddress1: b.street, suite: b.suite, city: b.city, state: b.state, zip: b.zip },
        phone: b.phone,
        fax: b.fax,
        profileDescription: b.profileDescription,
        ...(b.website !== undefined ? { website: b.website } : {}),
      },
    };
    return this.rpc.call(R.updateProfile, payload);
  }

  @Post(['api/users/updateUserProfile', 'api/v1/users/updateUserProfile'])
  @HttpCode(200)
  @MultilineFields('profileDescription')
  @ApiOperation({ summary: "Edit a user's profile by userId (own, or anyone's for the master admin)" })
  @ApiReply(R.updateProfile)
  updateUserProfile(@Body() body: unknown) {
    const b = parseFields(directory.UpdateUserProfileRequest, bodyOf(body));
    const payload: directory.UpdateProfilePayload = {
      target: { userId: b.userId },
      userName: b.userName,
      changes: {
        displayName: b.displayName,
        mailingAddress: { streetAddress1: b.streetAddress, suite: b.suite, city: b.city, state: b.state, zip: b.zip },
        phone: b.phone,
        fax: b.fax,
        profileDescription: b.profileDescription,
        website: b.website,
        ...(b.organization !== undefined ? { organization: b.organization } : {}),
      },
    };
    return this.rpc.call(R.updateProfile, payload);
  }

  private async changeImage(req: RequestWithUpload, body: unknown, image: 'banner' | 'avatar') {
    const target = parseFields(directory.ImageTargetRequest, bodyOf(body));
    // Refused before anything is stored: a 403 leaves UPLOAD_DIR as it was.
    await this.rpc.call(R.mayChangeImage, target);
    const stored = await this.uploads.store(req.uploadedFile!, { purpose: 'public' });
    const reply = await this.rpc.call(R.changeImage, { target, image, url: stored.fileUrl });
    return { success: true, fileUrl: stored.fileUrl, usr: reply.usr };
  }

  @Post(['api/v1/users/updateBanner', 'api/users/updateBanner'])
  @HttpCode(200)
  @Upload(IMAGE)
  @ApiOperation({ summary: 'New banner (png/jpeg, re-encoded): own, or usernameOrEmail for the master admin' })
  updateBanner(@Req() req: RequestWithUpload, @Body() body: unknown) {
    return this.changeImage(req, body, 'banner');
  }

  @Post(['api/v1/users/updateAvatar', 'api/users/updateAvatar'])
  @HttpCode(200)
  @Upload(IMAGE)
  @ApiOperation({ summary: 'New avatar (png/jpeg, re-encoded): own, or usernameOrEmail for the master admin' })
  updateAvatar(@Req() req: RequestWithUpload, @Body() body: unknown) {
    return this.changeImage(req, body, 'avatar');
  }

  @Post(['api/users/updateUserBanner', 'api/v1/users/updateUserBanner'])
  @HttpCode(200)
  @Upload(IMAGE)
  @ApiOperation({ summary: "New banner for userId (own, or anyone's for the master admin)" })
  updateUserBanner(@Req() req: RequestWithUpload, @Body() body: unknown) {
    return this.changeImage(req, body, 'banner');
  }

  @Post(['api/users/updateUserAvatar', 'api/v1/users/updateUserAvatar'])
  @HttpCode(200)
  @Upload(IMAGE)
  @ApiOperation({ summary: "New avatar for userId (own, or anyone's for the master admin)" })
  updateUserAvatar(@Req() req: RequestWithUpload, @Body() body: unknown) {
    return this.changeImage(req, body, 'avatar');
  }

  @Post(['api/v1/users/uploadImg', 'api/users/uploadImg'])
  @HttpCode(200)
  @Upload(IMAGE)
  @ApiOperation({ summary: 'Uploads an image (png/jpeg, re-encoded, metadata stripped) and answers its fileUrl' })
  async uploadImg(@Req() req: RequestWithUpload) {
    const stored = await this.uploads.store(req.uploadedFile!, { purpose: 'public' });
    return { success: true, fileUrl: stored.fileUrl, originalFileName: stored.originalFileName };
  }

  @Get(['api/users/getProviderProfile', 'api/v1/users/getProviderProfile'])
  @ApiOperation({ summary: 'A user or provider profile by id' })
  @ApiReply(R.getProfile)
  getProviderProfile(@Query() query: unknown) {
    const { providerId } = parseFields(directory.ProviderIdQuery, query);
    return this.rpc.call(R.getProfile, { userId: providerId });
  }

  @Get(['api/users/getProviderPractices', 'api/v1/users/getProviderPractices'])
  @ApiOperation({ summary: "A user's practices from the practices service (providerId or userId; neither: the caller's own; or practiceIds)" })
  @ApiReply(practices.PRACTICES_RPC.userPractices)
  getProviderPractices(@Query() query: unknown) {
    return this.rpc.call(practices.PRACTICES_RPC.userPractices, checkFields(practices.UserPracticesQuery, query));
  }

  @Get(['api/v1/users/getUsername', 'api/users/getUsername'])
  @ApiOperation({ summary: 'A free user name: first letter of the first name + last name (jsmith, jsmith2, ...)' })
  @ApiReply(R.suggestUserName)
  getUsername(@Query() query: unknown) {
    return this.rpc.call(R.suggestUserName, parseFields(directory.UserNameSuggestionQuery, query));
  }

  @Get(['api/users/getUserAvatar', 'api/v1/users/getUserAvatar'])
  @ApiOperation({ summary: "A user's avatar URL by user name" })
  @ApiReply(R.userAvatar)
  getUserAvatar(@Query() query: unknown) {
    return this.rpc.call(R.userAvatar, parseFields(directory.UserAvatarQuery, query));
  }

  @Get(['api/users/searchUsers', 'api/v1/users/searchUsers'])
  @ApiOperation({ summary: 'People by name, user name or NPI (at most 20)' })
  @ApiReply(R.searchUsers)
  searchUsers(@Query() query: unknown) {
    return this.rpc.call(R.searchUsers, parseFields(directory.SearchUsersQuery, query));
  }

  @Get(['api/users/searchUsersByNpi', 'api/v1/users/searchUsersByNpi'])
  @ApiOperation({ summary: 'The registered users among these NPIs (ids: comma-separated or a JSON array)' })
  @ApiReply(R.searchUsersByNpi)
  searchUsersByNpi(@Query() query: unknown) {
    return this.rpc.call(R.searchUsersByNpi, parseFields(directory.SearchUsersByNpiQuery, query));
  }

  @Post(['api/v1/users/deleteUser', 'api/users/deleteUser'])
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: deletes a user profile (never the master admin or oneself)' })
  @ApiReply(R.deleteUser)
  deleteUser(@Body() body: unknown) {
    return this.rpc.call(R.deleteUser, parseFields(directory.UserIdRequest, bodyOf(body)));
  }
}
