import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GridQueryRequest, directory, practices } from '@app/contracts';
import { checkFields, parseFields } from '@app/nest-kit';
import { MultilineFields, type RequestWithUpload } from '../http/input.interceptor';
import { bodyOf } from '../identity/responses';
import { ApiReply } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';
import { Upload } from '../uploads/upload.decorator';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, UploadsService } from '../uploads/uploads.service';

const R = practices.PRACTICES_RPC;
const IMAGE = { field: 'file', maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES } as const;

/**
 * Practices (spec practices §7). Every §5 rule is checked here first (400 naming the
 * field, nothing changed); the practices service decides who may do what: the master admin
 * creates and deletes, a practice's Practice Owners and Practice Managers (and the master admin)
 * edit it and its users, admins list them all; everyone else 403.
 */
@ApiTags('practices')
@ApiBearerAuth()
@Controller()
export class PracticesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: UploadsService,
  ) {}

  @Post(['api/users/allPractices', 'api/v1/users/allPractices'])
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: the practices grid (skip, limit 10, filters, sorting: practiceName, npi, primaryPracticeAddress, phone, lastUpdate)' })
  @ApiReply(R.listPractices)
  allPractices(@Body() body: unknown) {
    return this.rpc.call(R.listPractices, parseFields(GridQueryRequest, bodyOf(body)));
  }

  @Put(['api/users/addPractice', 'api/v1/users/addPractice'])
  @HttpCode(200)
  @MultilineFields('profileDescription')
  @ApiOperation({ summary: "Master admin: 'Create Practice Profile' (the practice create payload, with practiceOwners)" })
  @ApiReply(R.createPractice)
  addPractice(@Body() body: unknown) {
    const b = parseFields(practices.AddPracticeRequest, bodyOf(body));
    return this.rpc.call(R.createPractice, practices.createPayloadFromRequest(b));
  }

  @Post(['api/users/updatePracticeProfile', 'api/v1/users/updatePracticeProfile'])
  @HttpCode(200)
  @MultilineFields('profileDescription')
  @ApiOperation({ summary: "A practice's Practice Owners and Managers, or the master admin: 'Save Practice Profile' (with practiceOwners and deletedOwners)" })
  @ApiReply(R.updatePractice)
  updatePracticeProfile(@Body() body: unknown) {
    const b = parseFields(practices.UpdatePracticeRequest, bodyOf(body));
    return this.rpc.call(R.updatePractice, practices.updatePayloadFromRequest(b));
  }

  private async changeImage(req: RequestWithUpload, body: unknown, image: 'banner' | 'avatar') {
    const { practiceId } = parseFields(practices.PracticeIdRequest, bodyOf(body));
    // Refused before anything is stored: a 403 leaves UPLOAD_DIR as it was.
    await this.rpc.call(R.mayChangeImage, { practiceId });
    const stored = await this.uploads.store(req.uploadedFile!, { purpose: 'public' });
    const reply = await this.rpc.call(R.changeImage, { practiceId, image, url: stored.fileUrl });
    return { success: true, fileUrl: stored.fileUrl, practice: reply.practice };
  }

  @Post(['api/v1/users/updatePracticeBanner', 'api/users/updatePracticeBanner'])
  @HttpCode(200)
  @Upload(IMAGE)
  @ApiOperation({ summary: 'New practice banner (practiceId, file: png/jpeg, re-encoded)' })
  updatePracticeBanner(@Req() req: RequestWithUpload, @Body() body: unknown) {
    return this.changeImage(req, body, 'banner');
  }

  @Post(['api/v1/users/updatePracticeAvatar', 'api/users/updatePracticeAvatar'])
  @HttpCode(200)
  @Upload(IMAGE)
  @ApiOperation({ summary: 'New practice avatar (practiceId, file: png/jpeg, re-encoded)' })
  updatePracticeAvatar(@Req() req: RequestWithUpload, @Body() body: unknown) {
    return this.changeImage(req, body, 'avatar');
  }

  @Delete(['api/users/deletePractice', 'api/v1/users/deletePractice'])
  @HttpCode(200)
  @ApiOperation({ summary: 'Master admin: deletes a practice (form field _id)' })
  @ApiReply(R.deletePractice)
  deletePractice(@Body() body: unknown, @Query() query: unknown) {
    const b = bodyOf(body) as Record<string, unknown>;
    const { _id } = parseFields(practices.DeletePracticeRequest, b._id !== undefined ? b : bodyOf(query));
    return this.rpc.call(R.deletePractice, { practiceId: _id });
  }

  @Delete(['api/users/deleteUser', 'api/v1/users/deleteUser'])
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: deletes a user profile from the grids (form field _id; never the master admin or oneself)' })
  @ApiReply(directory.PROFILES_RPC.deleteUser)
  deleteUser(@Body() body: unknown, @Query() query: unknown) {
    const b = bodyOf(body) as Record<string, unknown>;
    const src = b._id !== undefined || b.userId !== undefined ? b : (bodyOf(query) as Record<string, unknown>);
    const userId = src.userId ?? src._id;
    return this.rpc.call(directory.PROFILES_RPC.deleteUser, parseFields(directory.UserIdRequest, { userId }));
  }

  @Get(['api/users/getPracticeProfile', 'api/v1/users/getPracticeProfile'])
  @ApiOperation({ summary: 'A practice profile by NPI' })
  @ApiReply(R.getProfile)
  getPracticeProfile(@Query() query: unknown) {
    return this.rpc.call(R.getProfile, parseFields(practices.PracticeProfileQuery, query));
  }

  @Get(['api/users/getPracticeProviders', 'api/v1/users/getPracticeProviders'])
  @ApiOperation({ summary: "A practice's providers with their access types (practiceId or npi), or the users of ownerIds" })
  @ApiReply(R.getProviders)
  getPracticeProviders(@Query() query: unknown) {
    return this.rpc.call(R.getProviders, checkFields(practices.PracticeProvidersQuery, query));
  }

  @Get(['api/users/isPracticeUserNameExists', 'api/v1/users/isPracticeUserNameExists'])
  @ApiOperation({ summary: 'Is this practice user name taken? (case-insensitive)' })
  @ApiReply(R.exists)
  isPracticeUserNameExists(@Query() query: unknown) {
    const { userName } = parseFields(practices.PracticeUserNameExistsQuery, query);
    return this.rpc.call(R.exists, { field: 'userName', value: userName });
  }

  @Get(['api/users/isPracticeEmailExists', 'api/v1/users/isPracticeEmailExists'])
  @ApiOperation({ summary: 'Is this practice email in use? (case-insensitive)' })
  @ApiReply(R.exists)
  isPracticeEmailExists(@Query() query: unknown) {
    const { email } = parseFields(practices.PracticeEmailExistsQuery, query);
    return this.rpc.call(R.exists, { field: 'email', value: email });
  }

  @Get(['api/users/getPracticeUsername', 'api/v1/users/getPracticeUsername'])
  @ApiOperation({ summary: 'A free practice user name from the organisation name (derived name, letters and digits; then 2, 3, ...)' })
  @ApiReply(R.suggestUserName)
  getPracticeUsername(@Query() query: unknown) {
    return this.rpc.call(R.suggestUserName, parseFields(practices.PracticeUserNameSuggestionQuery, query));
  }

  @Get(['api/v1/practices/byNpi', 'api/practices/byNpi'])
  @ApiOperation({ summary: "Which registry NPIs are practices already, with their @username (the 'Search Practice by NPI' popup)" })
  @ApiReply(R.byNpis)
  practicesByNpi(@Query() query: unknown) {
    return this.rpc.call(R.byNpis, checkFields(practices.PracticesByNpiQuery, query));
  }
}
