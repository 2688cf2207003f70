import { Inject, Injectable } from '@nestjs/common';
import { AggregateWriter, EVENT_STORE, EventPipeline, currentContext, type WriterStore } from '@app/nest-kit';
import {
  credentialingStreamId,
  decide,
  evolve,
  initialFileState,
  type CredentialingCommand,
  type FileState,
} from '../domain/credentialing-file.decider';
import type { CredentialingEvent } from '../domain/credentialing-file.events';
import type { OpenItemOptions } from '../domain/open-items';

/** The rule options of this deployment: the exclusion screening is required once its source exists. */
export const OPEN_ITEM_OPTIONS = Symbol('OPEN_ITEM_OPTIONS');

/**
 * A provider's file on the kit's one aggregate writer (load, decide, append with the expected
 * version, retried on a concurrent append, 409 when retries run out), then read-your-writes on
 * the files grid. The acting user of the events is the command's.
 */
@Injectable()
export class CredentialingWriter {
  private readonly files: AggregateWriter<FileState, CredentialingEvent, CredentialingCommand>;

  /** `store`: the service's event store as its EVENT_STORE picks it (Postgres, or KurrentDB). */
  constructor(
    @Inject(EVENT_STORE) store: WriterStore,
    pipeline: EventPipeline,
    @Inject(OPEN_ITEM_OPTIONS) readonly options: OpenItemOptions,
  ) {
    this.files = new AggregateWriter<FileState, CredentialingEvent, CredentialingCommand>(store, pipeline, {
      streamId: credentialingStreamId,
      decide: (command, state) => decide(command, state, this.options),
      evolve,
      initialState: initialFileState,
      // The documents too: a document just attached is served at once to whoever may see the file.
      projections: ['credentialing-files', 'credentialing-documents'],
      conflict: 'The file changed at the same time; please try again',
      metadata: (command) => {
        const ctx = currentContext();
        return { ...(ctx?.correlationId ? { correlationId: ctx.correlationId } : {}), actorId: command.data.actor.userId };
      },
    });
  }

  load(providerId: string): Promise<FileState> {
    return this.files.load(providerId);
  }

  /** `awaitProjection: false` for batch work (the monitoring's records): the grid catches up on its own. */
  async execute(command: CredentialingCommand, options: { awaitProjection?: boolean } = {}): Promise<FileState> {
    const result = await this.files.execute(command.data.providerId, command);
    if (options.awaitProjection !== false) await this.files.projected(result);
    return result.state;
  }
}
