import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { messaging } from '@app/contracts';
import { NotFound, parseFields } from '@app/nest-kit';
import { MultilineFields, type RequestWithUpload } from '../http/input.interceptor';
import { ApiFields, ApiReply } from '../identity/openapi';
import { bodyOf } from '../identity/responses';
import { RpcClient } from '../rpc/rpc-client.service';
import { Upload } from '../uploads/upload.decorator';
import { CHAT_FILE_TYPES, ChatFilesService } from './chat-files.service';

const R = messaging.MESSAGING_RPC;

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
    return this.rpc.call(R.listChats, { chatType: 0 });
  }

  @Post('getChatRoom')
  @HttpCode(200)
  @ApiOperation({ summary: 'A DM with its newest 50 messages (newest last; getChatMessages pages back); opening it sets its unread count to 0' })
  @ApiReply(R.openChat)
  @ApiFields(messaging.GetChatRoomBody)
  getChatRoom(@Body() b: unknown) {
    const { chatId } = parseFields(messaging.GetChatRoomBody, bodyOf(b));
    return this.rpc.call(R.openChat, { chatId, chatType: 0 });
  }

  @Post('initiateChat')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts a DM with recipientId, or answers the existing one (newDm null when the recipient is the caller)' })
  @ApiReply(R.initiateChat)
  @ApiFields(messaging.InitiateChatBody)
  initiateChat(@Body() b: unknown) {
    const { recipientId } = parseFields(messaging.InitiateChatBody, bodyOf(b));
    return this.rpc.call(R.initiateChat, { recipientId });
  }

  @Post('deleteChat')
  @HttpCode(200)
  @ApiOperation({ summary: "Removes a DM from the caller's list (a new message brings it back with unread 1)" })
  @ApiReply(R.deleteChat)
  @ApiFields(messaging.DeleteChatBody)
  deleteChat(@Body() b: unknown) {
    const { chatId } = parseFields(messaging.DeleteChatBody, bodyOf(b));
    return this.rpc.call(R.deleteChat, { chatId });
  }

  @Post('postMessage')
  @HttpCode(200)
  @MultilineFields('msg')
  @ApiOperation({ summary: 'Posts to a DM as the caller: text (stored and returned as text), or a file URL from uploadChatFile with isImage/isDocument' })
  @ApiFields(messaging.PostMessageBody)
  async postMessage(@Body() b: unknown) {
    const p = parseFields(messaging.PostMessageBody, bodyOf(b));
    const reply = await this.rpc.call(R.postMessage, {
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
  @ApiReply(R.markRead)
  @ApiFields(messaging.MarkMessageAsReadBody)
  markMessageAsRead(@Body() b: unknown) {
    const { dmId, msgId } = parseFields(messaging.MarkMessageAsReadBody, bodyOf(b));
    return this.rpc.call(R.markRead, { chatId: dmId, messageId: msgId });
  }

  @Post('getGroupChats')
  @HttpCode(200)
  @ApiOperation({ summary: "The caller's group chats (as creator or member), newest activity first" })
  getGroupChats(@Body() b: unknown) {
    parseFields(messaging.GetGroupChatsBody, bodyOf(b));
    return this.rpc.call(R.listChats, { chatType: 1 });
  }

  @Post('getGroupChatRoom')
  @HttpCode(200)
  @ApiOperation({ summary: 'A group chat with its newest 50 messages; participants only (403)' })
  @ApiReply(R.openChat)
  @ApiFields(messaging.GetGroupChatRoomBody)
  getGroupChatRoom(@Body() b: unknown) {
    const { chatId } = parseFields(messaging.GetGroupChatRoomBody, bodyOf(b));
    return this.rpc.call(R.openChat, { chatId, chatType: 1 });
  }

  @Post('initiateGroupChat')
  @HttpCode(200)
  @ApiOperation({ summary: 'Creates a group chat; the caller is its creator (members exclude the creator)' })
  @ApiReply(R.initiateGroupChat)
  @ApiFields(messaging.InitiateGroupChatBody)
  initiateGroupChat(@Body() b: unknown) {
    const { title, members } = parseFields(messaging.InitiateGroupChatBody, bodyOf(b));
    return this.rpc.call(R.initiateGroupChat, { title, members });
  }

  @Post('updateGroupChat')
  @HttpCode(200)
  @ApiOperation({ summary: "Renames a group and sets its members (the whole list): the creator only (403 for anyone else)" })
  @ApiReply(R.updateGroupChat)
  @ApiFields(messaging.UpdateGroupChatBody)
  updateGroupChat(@Body() b: unknown) {
    const { title, chatId, members } = parseFields(messaging.UpdateGroupChatBody, bodyOf(b));
    return this.rpc.call(R.updateGroupChat, { chatId, title, members });
  }

  @Post('postGroupChatMessage')
  @HttpCode(200)
  @MultilineFields('msg')
  @ApiOperation({ summary: 'Posts to a group chat as the caller (participants only)' })
  @ApiFields(messaging.PostGroupChatMessageBody)
  async postGroupChatMessage(@Body() b: unknown) {
    const p = parseFields(messaging.PostGroupChatMessageBody, bodyOf(b));
    const reply = await this.rpc.call(R.postMessage, {
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
  @ApiReply(R.messages)
  @ApiFields(messaging.GetChatMessagesBody)
  getChatMessages(@Body() b: unknown) {
    const { chatId, before, limit } = parseFields(messaging.GetChatMessagesBody, bodyOf(b));
    return this.rpc.call(R.messages, { chatId, before, limit });
  }

  @Get('searchChats')
  @ApiOperation({ summary: "'Search Users, Groups, and Messages': the caller's chats matching by counterpart name, group title or message words (full-text)" })
  @ApiReply(R.search)
  searchChats(@Query() q: unknown) {
    const { searchTerm } = parseFields(messaging.SearchChatsQuery, q);
    return this.rpc.call(R.search, { searchTerm });
  }

  @Get('chatIconBadge')
  @ApiOperation({ summary: "The top-bar chat badge (showChatIconBadge): set by a new message from someone else" })
  @ApiReply(R.badge)
  chatIconBadge() {
    return this.rpc.call(R.badge, {});
  }

  @Post('resetChatIconBadge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Clears the top-bar chat badge' })
  @ApiReply(R.resetBadge)
  resetChatIconBadge() {
    return this.rpc.call(R.resetBadge, {});
  }

  @Post('uploadChatFile')
  @HttpCode(200)
  @Upload({ field: 'file', maxBytes: messaging.CHAT_FILE_MAX_BYTES, types: CHAT_FILE_TYPES })
  @ApiOperation({ summary: "A file for a room (participants only): pdf, doc, docx, xls, xlsx, ppt, pptx, png, jpg, jpeg by content; post its fileUrl as the message" })
  async uploadChatFile(@Req() req: RequestWithUpload, @Body() b: unknown) {
    const { chatId } = parseFields(messaging.ChatFileUploadBody, bodyOf(b));
    await this.rpc.call(R.fileAccess, { chatId });
    const stored = await this.files.store(chatId, req.uploadedFile!);
    return { success: true, ...stored };
  }

  @Get('chatFiles/:chatId/:name')
  @ApiOperation({ summary: "A room's file: the signed-in request must be one of the room's participants (403 otherwise)" })
  async chatFile(@Param('chatId') chatId: string, @Param('name') name: string, @Res() res: Response) {
    const { chatId: id } = parseFields(messaging.ChatFileUploadBody, { chatId });
    if (!messaging.CHAT_FILE_NAME.test(name)) throw new NotFound('File not found');
    await this.rpc.call(R.fileAccess, { chatId: id });
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
