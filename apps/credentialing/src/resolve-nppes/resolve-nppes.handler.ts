import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { ResolveNppesCommand } from './resolve-nppes.command';

/** Staff resolve the NPPES check's discrepancy (rules: domain/nppes-resolution.ts). */
@CommandHandler(ResolveNppesCommand)
export class ResolveNppesHandler implements ICommandHandler<ResolveNppesCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  execute({ input }: ResolveNppesCommand): Promise<credentialing.FileReply> {
    const { providerId, note, evidence } = input;
    return this.files.run(providerId, (actor, now) => ({ type: 'ResolveNppesDiscrepancy', data: { providerId, actor, now, note, evidence } }));
  }
}
