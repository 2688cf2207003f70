import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { messaging } from '@app/contracts';
import { NotFound, parseFields } from '@app/nest-kit';
import { MultilineFields, type RequestWithUpload } from '../http/input.interceptor';
import { bodyOf } from '../identity/responses';
import { RpcClient } from '../rpc/rpc-client.service';
import { Upload } from '../uploads/upload.decorator';
import { CHAT_FILE_TYPES, ChatFilesService } from './chat-files.service';

const R = messaging.MESSAGING_RPC;

const body = (fields: string[], required: string[] = []) => ({
  schema: { type: 'object' as const, required, properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])) },
});

/**
 * Chat (accounts spec §7, the Chat table), under /api/users, all signed in. Bodies are JSON or
 * form data with the spec's field names; the caller is always the signed-in user (the actor the
 * gateway signs into the NATS request): userId, senderId, userName, creatorId and the other
 * fields that name the caller are accepted and ignored. Messaging decides who may read or post
 * (403 for anyone but a room's participants; only a group's creator changes it).
 */
@ApiTags('chat')
@ApiBearerAuth()
@Controller('api/users')
export class ChatController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly files: ChatFilesService,
  ) {}

  @Post('getChats')
  @HttpCode(200)
  @ApiOperation({ summary: "The caller's DMs, newest activity first, each with its last message and the caller's unread count" })
  getChats(@Body() b: unknown) {
    parseFields(messaging.GetChatsBody, bodyOf(b));
    return this.rpc.query<{ chats: messaging.DmChatView[] }>('messaging', R.listChats, { chatType: 0 });
  }

  @Post('getChatRoom')
  @HttpCode(200)
  @ApiOperation({ summary: 'A DM with its newest 50 messages (newest last; getChatMessages pages back); opening it sets its unread count to 0' })
  @ApiBody(body(['chatId', 'userName'], ['chatId']))
  getChatRoom(@Body() b: unknown) {
    const { chatId } = parseFields(messaging.GetChatRoomBody, bodyOf(b));
    return this.rpc.command<messaging.OpenChatReply>('messaging', R.openChat, { chatId, chatType: 0 });
  }

  @Post('initiateChat')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts a DM with recipientId, or answers the existing one (newDm null when the recipient is the caller)' })
  @ApiBody(body(['senderId', 'recipientId', 'recipientUserName'], ['recipientId']))
  initiateChat(@Body() b: unknown) {
    const { recipientId } = parseFields(messaging.InitiateChatBody, bodyOf(b));
    return this.rpc.command<messaging.InitiateChatReply>('messaging', R.initiateChat, { recipientId });
  }

  @Post('deleteChat')
  @HttpCode(200)
  @ApiOperation({ summary: "Removes a DM from the caller's list (a new message brings it back with unread 1)" })
  @ApiBody(body(['userId', 'chatId'], ['chatId']))
  deleteChat(@Body() b: unknown) {
    const { chatId } = parseFields(messaging.DeleteChatBody, bodyOf(b));
    return this.rpc.command<messaging.DeleteChatReply>('messaging', R.deleteChat, { chatId });
  }

  @Post('postMessage')
  @HttpCode(200)
  @MultilineFields('msg')
  @ApiOperation({ summary: 'Posts to a DM as the caller: text (stored and returned as text), or a file URL from uploadChatFile with isImage/isDocument' })
  @ApiBody(body(['dmId', 'msg', 'isImage', 'isDocument', 'originalFileName', 'senderId', 'recipientId'], ['dmId', 'msg']))
  async postMessage(@Body() b: unknown) {
    const p = parseFields(messaging.PostMessageBody, bodyOf(b));
    const reply = await this.rpc.command<messaging.PostMessageReply>('messaging', R.postMessage, {
      chatId: p.dmId,
      chatType: 0,
      msg: p.msg,
      isImage: p.isImage,
      isDocument: p.isDocument,
      originalFileName: p.originalFileName,
    });
    return { dmId: reply.chatId, msg: reply.msg };
  }

  @Post('markMessageAsRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'The caller read the DM up to msgId' })
  @ApiBody(body(['dmId', 'msgId'], ['dmId', 'msgId']))
  markMessageAsRead(@Body() b: unknown) {
    const { dmId, msgId } = parseFields(messaging.MarkMessageAsReadBody, bodyOf(b));
    return this.rpc.command<messaging.MarkReadReply>('messaging', R.markRead, { chatId: dmId, messageId: msgId });
  }

  @Post('getGroupChats')
  @HttpCode(200)
  @ApiOperation({ summary: "The caller's group chats (as creator or member), newest activity first" })
  getGroupChats(@Body() b: unknown) {
    parseFields(messaging.GetGroupChatsBody, bodyOf(b));
    return this.rpc.query<{ groupChats: messaging.GroupChatView[] }>('messaging', R.listChats, { chatType: 1 });
  }

  @Post('getGroupChatRoom')
  @HttpCode(200)
  @ApiOperation({ summary: 'A group chat with its newest 50 messages; participants only (403)' })
  @ApiBody(body(['chatId', 'userName', 'userId'], ['chatId']))
  getGroupChatRoom(@Body() b: unknown) {
    const { chatId } = parseFields(messaging.GetGroupChatRoomBody, bodyOf(b));
    return this.rpc.command<messaging.OpenChatReply>('messaging', R.openChat, { chatId, chatType: 1 });
  }

  @Post('initiateGroupChat')
  @HttpCode(200)
  @ApiOperation({ summary: 'Creates a group chat; the caller is its creator (members exclude the creator)' })
  @ApiBody({ schema: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, creatorId: { type: 'string' }, members: { type: 'array', items: { type: 'string' } } } } })
  initiateGroupChat(@Body() b: unknown) {
    const { title, members } = parseFields(messaging.InitiateGroupChatBody, bodyOf(b));
    return this.rpc.command<messaging.InitiateGroupChatReply>('messaging', R.initiateGroupChat, { title, members });
  }

  @Post('updateGroupChat')
  @HttpCode(200)
  @ApiOperation({ summary: "Renames a group and sets its members (the whole list): the creator only (403 for anyone else)" })
  @ApiBody({ schema: { type: 'object', required: ['title', 'chatId'], properties: { title: { type: 'string' }, chatId: { type: 'string' }, members: { type: 'array', items: { type: 'string' } } } } })
  updateGroupChat(@Body() b: unknown) {
    const { title, chatId, members } = parseFields(messaging.UpdateGroupChatBody, bodyOf(b));
    return this.rpc.command<messaging.UpdateGroupChatReply>('messaging', R.updateGroupChat, { chatId, title, members });
  }

  @Post('postGroupChatMessage')
  @HttpCode(200)
  @MultilineFields('msg')
  @ApiOperation({ summary: 'Posts to a group chat as the caller (participants only)' })
  @ApiBody(body(['chatId', 'msg', 'isImage', 'isDocument', 'originalFileName', 'senderId'], ['chatId', 'msg']))
  async postGroupChatMessage(@Body() b: unknown) {
    const p = parseFields(messaging.PostGroupChatMessageBody, bodyOf(b));
    const reply = await this.rpc.command<messaging.PostMessageReply>('messaging', R.postMessage, {
      chatId: p.chatId,
      chatType: 1,
      msg: p.msg,
      isImage: p.isImage,
      isDocument: p.isDocument,
      originalFileName: p.originalFileName,
    });
    return { chatId: reply.chatId, msg: reply.msg };
  }

  @Post('getChatMessages')
  @HttpCode(200)
  @ApiOperation({ summary: 'The paged history of a room: messages older than `before` (a message id), newest last, at most `limit` (default 50, max 100)' })
  @ApiBody(body(['chatId', 'before', 'limit'], ['chatId']))
  getChatMessages(@Body() b: unknown) {
    const { chatId, before, limit } = parseFields(messaging.GetChatMessagesBody, bodyOf(b));
    return this.rpc.query<messaging.MessagesReply>('messaging', R.messages, { chatId, before, limit });
  }

  @Get('searchChats')
  @ApiOperation({ summary: "'Search Users, Groups, and Messages': the caller's chats matching by counterpart name, group title or message words (full-text)" })
  searchChats(@Query() q: unknown) {
    const { searchTerm } = parseFields(messaging.SearchChatsQuery, q);
    return this.rpc.query<messaging.SearchReply>('messaging', R.search, { searchTerm });
  }

  @Get('chatIconBadge')
  @ApiOperation({ summary: "The top-bar chat badge (showChatIconBadge): set by a new message from someone else" })
  chatIconBadge() {
    return this.rpc.query<messaging.BadgeReply>('messaging', R.badge, {});
  }

  @Post('resetChatIconBadge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Clears the top-bar chat badge' })
  resetChatIconBadge() {
    return this.rpc.command<messaging.BadgeReply & { success: true }>('messaging', R.resetBadge, {});
  }

  @Post('uploadChatFile')
  @HttpCode(200)
  @Upload({ field: 'file', maxBytes: messaging.CHAT_FILE_MAX_BYTES, types: CHAT_FILE_TYPES })
  @ApiOperation({ summary: "A file for a room (participants only): pdf, doc, docx, xls, xlsx, ppt, pptx, png, jpg, jpeg by content; post its fileUrl as the message" })
  async uploadChatFile(@Req() req: RequestWithUpload, @Body() b: unknown) {
    const { chatId } = parseFields(messaging.ChatFileUploadBody, bodyOf(b));
    await this.rpc.query<messaging.FileAccessReply>('messaging', R.fileAccess, { chatId });
    const stored = await this.files.store(chatId, req.uploadedFile!);
    return { success: true, ...stored };
  }

  @Get('chatFiles/:chatId/:name')
  @ApiOperation({ summary: "A room's file: the signed-in request must be one of the room's participants (403 otherwise)" })
  async chatFile(@Param('chatId') chatId: string, @Param('name') name: string, @Res() res: Response) {
    const { chatId: id } = parseFields(messaging.ChatFileUploadBody, { chatId });
    if (!messaging.CHAT_FILE_NAME.test(name)) throw new NotFound('File not found');
    await this.rpc.query<messaging.FileAccessReply>('messaging', R.fileAccess, { chatId: id });
    const file = await this.files.open(id, name);
    if (!file) throw new NotFound('File not found');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', file.contentType.startsWith('image/') ? 'inline' : 'attachment');
    file.stream.pipe(res);
  }
}
