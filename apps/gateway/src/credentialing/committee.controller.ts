import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { credentialing } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { MultilineFields } from '../http/input.interceptor';
import { bodyOf } from '../identity/responses';
import { ApiReply } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';
import { sendPdf } from './pdf-response';

const C = credentialing.COMMITTEE_RPC;
const meetingParam = (meetingId: string) => parseFields(credentialing.MeetingIdRequest, { meetingId }).meetingId;
const providerParam = (providerId: string) => parseFields(credentialing.ProviderIdRequest, { providerId }).providerId;

/**
 * The credentialing committee: the queue (clean files the Medical Director approves alone, one or a
 * batch; flagged files for a meeting), meetings (date, quorum, attendance, agenda, the outcome per
 * file) and their minutes (PDF). Input is checked here (400 naming the field); the credentialing
 * service decides who may (403) from the roles it learned from identity: Committee members and the
 * Medical Director decide, the master admin sees, schedules and downloads.
 */
@ApiTags('credentialing committee')
@ApiBearerAuth()
@Controller('api/v1/credentialing/committee')
export class CommitteeController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('roles')
  @ApiOperation({ summary: "The designated Committee members and Medical Directors (for the committee and the master admin) and the caller's own committee roles (`me`)" })
  @ApiReply(C.committeeRoles)
  roles() {
    return this.rpc.call(C.committeeRoles, {});
  }

  @Get('queue')
  @ApiOperation({ summary: 'Files in Committee Review: `clean` (the Medical Director may approve them alone) and `flagged` (a meeting decides), each with its flags' })
  @ApiReply(C.committeeQueue)
  queue() {
    return this.rpc.call(C.committeeQueue, {});
  }

  @Post('clean-approvals')
  @HttpCode(200)
  @MultilineFields('note')
  @ApiOperation({ summary: 'Medical Director only: approves clean files { providerIds, note? }; a flagged file (or one not in Committee Review) refuses the whole batch (409 naming each)' })
  @ApiReply(C.approveCleanFiles)
  approveClean(@Body() body: unknown) {
    return this.rpc.call(C.approveCleanFiles, parseFields(credentialing.CleanApprovalInput, bodyOf(body)));
  }

  @Get('meetings')
  @ApiOperation({ summary: "The committee's meetings, newest first" })
  @ApiReply(C.listMeetings)
  meetings() {
    return this.rpc.call(C.listMeetings, {});
  }

  @Post('meetings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Schedules a meeting { meetsOn, quorum (default 3), providerIds? (default: every flagged file awaiting a meeting) }' })
  @ApiReply(C.scheduleMeeting)
  schedule(@Body() body: unknown) {
    return this.rpc.call(C.scheduleMeeting, { ...parseFields(credentialing.MeetingInput, bodyOf(body)), meetingId: randomUUID() });
  }

  @Get('meetings/:meetingId')
  @ApiOperation({ summary: "A meeting: members present, quorum, the agenda (each file's flags, one-page summary and outcome), the minutes" })
  @ApiReply(C.getMeeting)
  meeting(@Param('meetingId') meetingId: string) {
    return this.rpc.call(C.getMeeting, { meetingId: meetingParam(meetingId) });
  }

  @Put('meetings/:meetingId/attendance')
  @HttpCode(200)
  @ApiOperation({ summary: 'Committee members and the Medical Director: the members present { present: user ids }' })
  @ApiReply(C.recordAttendance)
  attendance(@Param('meetingId') meetingId: string, @Body() body: unknown) {
    const id = meetingParam(meetingId);
    return this.rpc.call(C.recordAttendance, { meetingId: id, ...parseFields(credentialing.AttendanceInput, bodyOf(body)) });
  }

  @Post('meetings/:meetingId/outcomes/:providerId')
  @HttpCode(200)
  @MultilineFields('conditions', 'note', 'questions')
  @ApiOperation({
    summary:
      'Committee members and the Medical Director: the outcome for a file on the agenda { outcome: approve | approve-with-conditions (conditions, followUpOn) | deny (reasons, note) | defer (questions) }; 409 without quorum',
  })
  @ApiReply(C.recordOutcome)
  outcome(@Param('meetingId') meetingId: string, @Param('providerId') providerId: string, @Body() body: unknown) {
    const ids = { meetingId: meetingParam(meetingId), providerId: providerParam(providerId) };
    return this.rpc.call(C.recordOutcome, { ...ids, outcome: parseFields(credentialing.OutcomeInput, bodyOf(body)) });
  }

  @Post('meetings/:meetingId/minutes')
  @HttpCode(200)
  @ApiOperation({ summary: "Generates the meeting's minutes (PDF: attendance, each file's outcome and reasons), stored with the meeting" })
  @ApiReply(C.generateMinutes)
  generateMinutes(@Param('meetingId') meetingId: string) {
    return this.rpc.call(C.generateMinutes, { meetingId: meetingParam(meetingId) });
  }

  @Get('meetings/:meetingId/minutes')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "The meeting's latest minutes (PDF), for Committee members, the Medical Director and the master admin" })
  async minutes(@Param('meetingId') meetingId: string, @Res() res: Response): Promise<void> {
    const minutes = await this.rpc.call(C.getMinutes, { meetingId: meetingParam(meetingId) });
    sendPdf(res, minutes.fileName, minutes.contentBase64);
  }
}
