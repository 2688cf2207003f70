import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileNotFound } from '../domain/credentialing.errors';
import { FileAccess } from '../infrastructure/file-access';
import { FileService } from '../infrastructure/file.service';
import { GetFileQuery } from './get-file.query';

/**
 * Folded from the file's own stream (always current); 403 for a stranger, 404 without a file,
 * except for the signed-in user's own file: `file: null` until a cycle is started (the provider's
 * Credentialing section asks before staff start it).
 */
@QueryHandler(GetFileQuery)
export class GetFileHandler implements IQueryHandler<GetFileQuery, credentialing.GetFileReply> {
  constructor(
    private readonly files: FileService,
    private readonly access: FileAccess,
  ) {}

  async execute({ input }: GetFileQuery): Promise<credentialing.GetFileReply> {
    try {
      return await this.files.view(input.providerId);
    } catch (error) {
      if (error instanceof FileNotFound && this.access.actor().userId === input.providerId) return { success: true, file: null };
      throw error;
    }
  }
}
