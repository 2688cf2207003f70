import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { ProviderNotices } from '../notify-provider/provider-notices';
import { AddAppealDocumentCommand, RequestAppealCommand } from './request-appeal.command';

/** The provider's appeal of a denial: status `Appeal`, the committee (the master admin) and staff told. */
@CommandHandler(RequestAppealCommand)
export class RequestAppealHandler implements ICommandHandler<RequestAppealCommand, credentialing.FileReply> {
  constructor(
    private readonly files: FileService,
    private readonly notices: ProviderNotices,
  ) {}

  async execute({ input }: RequestAppealCommand): Promise<credentialing.FileReply> {
    const { providerId, statement, documents } = input;
    const appealId = randomUUID();
    let by = '';
    const reply = await this.files.run(providerId, (actor, now) => {
      by = actor.userId;
      return { type: 'RequestAppeal', data: { providerId, actor, now, appealId, statement, documents } };
    });
    await this.notices.raise(providerId, 'appeal-requested', `appeal:${appealId}`, reply.file.notice?.appeal?.requestedOn ?? null, by);
    return reply;
  }
}

@CommandHandler(AddAppealDocumentCommand)
export class AddAppealDocumentHandler implements ICommandHandler<AddAppealDocumentCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  execute({ input }: AddAppealDocumentCommand): Promise<credentialing.FileReply> {
    const { providerId, document } = input;
    return this.files.run(providerId, (actor, now) => ({ type: 'AddAppealDocument', data: { providerId, actor, now, document } }));
  }
}
