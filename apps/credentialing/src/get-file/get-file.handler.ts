import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { GetFileQuery } from './get-file.query';

/** Folded from the file's own stream (always current); 403 for a stranger, 404 without a file. */
@QueryHandler(GetFileQuery)
export class GetFileHandler implements IQueryHandler<GetFileQuery, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  execute({ input }: GetFileQuery): Promise<credentialing.FileReply> {
    return this.files.view(input.providerId);
  }
}
