import { Query } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';

/** 403/404 when the caller may not change this practice's images (the gateway asks before storing an upload). */
export class MayChangePracticeImageQuery extends Query<{ success: true }> {
  constructor(readonly input: practices.PracticeIdRequest) {
    super();
  }
}
