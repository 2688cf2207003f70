import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { dayOf } from '../domain/calendar';
import { FileService } from '../infrastructure/file.service';
import { ProviderNotices } from '../notify-provider/provider-notices';
import { AnswerCorrectionCommand, RequestCorrectionCommand } from './request-correction.command';

/** A correction request: the staff of the provider's practices and the master admin told. */
@CommandHandler(RequestCorrectionCommand)
export class RequestCorrectionHandler implements ICommandHandler<RequestCorrectionCommand, credentialing.FileReply> {
  constructor(
    private readonly files: FileService,
    private readonly notices: ProviderNotices,
  ) {}

  async execute({ input }: RequestCorrectionCommand): Promise<credentialing.FileReply> {
    const { providerId, subject, note } = input;
    const correctionId = randomUUID();
    let by = '';
    let on = '';
    const reply = await this.files.run(providerId, (actor, now) => {
      by = actor.userId;
      on = dayOf(now);
      return { type: 'RequestCorrection', data: { providerId, actor, now, correctionId, subject, note } };
    });
    await this.notices.raise(providerId, 'correction-requested', `correction:${correctionId}`, on, by);
    return reply;
  }
}

/** The answer closes the request; the provider is told. */
@CommandHandler(AnswerCorrectionCommand)
export class AnswerCorrectionHandler implements ICommandHandler<AnswerCorrectionCommand, credentialing.FileReply> {
  constructor(
    private readonly files: FileService,
    private readonly notices: ProviderNotices,
  ) {}

  async execute({ input }: AnswerCorrectionCommand): Promise<credentialing.FileReply> {
    const { providerId, correctionId, answer } = input;
    let by = '';
    let on = '';
    const reply = await this.files.run(providerId, (actor, now) => {
      by = actor.userId;
      on = dayOf(now);
      return { type: 'AnswerCorrection', data: { providerId, actor, now, correctionId, answer } };
    });
    await this.notices.raise(providerId, 'correction-answered', `correction-answered:${correctionId}`, on, by);
    return reply;
  }
}
