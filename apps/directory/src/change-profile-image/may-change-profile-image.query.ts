import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** 403/404 when the caller may not change that profile's images (the gateway asks before storing an upload). */
export class MayChangeProfileImageQuery extends Query<{ success: true }> {
  constructor(readonly input: directory.ImageTargetRequest) {
    super();
  }
}
