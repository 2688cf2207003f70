import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticeWriter } from '../infrastructure/practice.writer';
import { MayChangePracticeImageQuery } from './may-change-practice-image.query';

/** 403/404 when the caller may not change this practice's images (the gateway asks before storing an upload). */
@QueryHandler(MayChangePracticeImageQuery)
export class MayChangePracticeImageHandler implements IQueryHandler<MayChangePracticeImageQuery, { success: true }> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly writer: PracticeWriter,
  ) {}

  async execute({ input }: MayChangePracticeImageQuery): Promise<{ success: true }> {
    const actor = await this.access.actor();
    await this.writer.check(input.practiceId, { type: 'ChangePracticeImage', data: { image: 'avatar', url: '/api/files/check', actor, now: new Date() } });
    return { success: true };
  }
}
