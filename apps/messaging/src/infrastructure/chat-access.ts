import { Injectable } from '@nestjs/common';
import { Forbidden, NotFound, Unauthorized, ValidationFailed, currentContext } from '@app/nest-kit';
import { isParticipant, type ChatState } from '../domain/chat.aggregate';
import { ChatReadModel } from '../read-models/chat-read-model';
import { ChatWriter } from './chat.writer';

/** The signed-in caller: the gateway's signed actor of the request, never a field of the body. */
export function caller(): string {
  const userId = currentContext()?.actor?.userId;
  if (!userId) throw new Unauthorized('Not signed in or session expired');
  return userId.toLowerCase();
}

/** What the chat use cases check before they act: who may read a room, whom a room may hold. */
@Injectable()
export class ChatAccess {
  constructor(
    private readonly writer: ChatWriter,
    private readonly reads: ChatReadModel,
  ) {}

  /** The room, when the caller is one of its participants (404 without the room, 403 for anyone else). */
  async requireReader(chatId: string, userId: string): Promise<ChatState> {
    const state = await this.writer.load(chatId);
    if (state.chatId === null) throw new NotFound('Chat not found');
    if (!isParticipant(state, userId)) throw new Forbidden('You are not a participant of this chat', 'not_participant');
    return state;
  }

  /** 400 on `members` naming the first id messaging knows no user of. */
  async requireKnown(ids: string[]): Promise<void> {
    const known = await this.reads.knownUsers(ids);
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new ValidationFailed('members', `Unknown user: ${unknown}`);
  }
}
