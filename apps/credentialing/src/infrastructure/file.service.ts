import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { assertAllowed, type CredentialingCommand, type FileActor, type FileState } from '../domain/credentialing-file.decider';
import { CredentialNotFound, FileNotFound } from '../domain/credentialing.errors';
import { peopleOf, toFileView } from '../read-models/file-view';
import { CredentialingWriter } from './credentialing.writer';
import { FileAccess } from './file-access';
import { leieMirrorImported } from './screening.sql';

/** What every use case does with a file: who acts, the command, the file as the caller sees it after. */
@Injectable()
export class FileService {
  constructor(
    private readonly writer: CredentialingWriter,
    private readonly access: FileAccess,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async run(providerId: string, build: (actor: FileActor, now: Date) => CredentialingCommand): Promise<credentialing.FileReply> {
    const actor = await this.access.fileActor(providerId);
    const state = await this.writer.execute(build(actor, new Date()));
    return this.reply(providerId, state, actor);
  }

  async view(providerId: string): Promise<credentialing.FileReply> {
    const actor = await this.access.fileActor(providerId);
    assertAllowed(actor.role, 'ViewFile');
    return this.reply(providerId, await this.writer.load(providerId), actor);
  }

  async state(providerId: string): Promise<FileState> {
    return this.writer.load(providerId);
  }

  /** The provider whose current file holds a credential (404 when none does). */
  async providerOfCredential(credentialId: string): Promise<string> {
    const r = await this.pool.query<{ provider_id: string }>(
      `SELECT provider_id FROM credentialing_files WHERE state->'current'->'credentials' @> $1::jsonb LIMIT 1`,
      [JSON.stringify([{ credentialId }])],
    );
    if (!r.rows[0]) throw new CredentialNotFound();
    return r.rows[0].provider_id;
  }

  async reply(providerId: string, state: FileState, actor: FileActor): Promise<credentialing.FileReply> {
    // Before any LEIE import the exclusion screening's open item says that its source is missing.
    const options = this.writer.options.requireExclusionScreening ? { ...this.writer.options, exclusionSourceUnavailable: !(await leieMirrorImported(this.pool)) } : this.writer.options;
    const file = toFileView(providerId, state, await this.access.provider(providerId), actor, new Date(), options, await this.access.names(peopleOf(state)));
    if (!file) throw new FileNotFound();
    return { success: true, file };
  }
}
