import { Inject, Injectable } from '@nestjs/common';
import { ConcurrencyConflictError, PostgresEventStore, handleCommand, loadAggregate } from '@app/event-store';
import { Conflict, EventPipeline, currentContext } from '@app/nest-kit';
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

/** The rule options of this deployment: the exclusion screening is required once its source exists (issue #21). */
export const OPEN_ITEM_OPTIONS = Symbol('OPEN_ITEM_OPTIONS');

/**
 * Load-decide-append on a provider's file stream (the event store's command helper: expected
 * version, retried on a concurrent append, 409 when retries run out), then read-your-writes on
 * the files grid.
 */
@Injectable()
export class CredentialingWriter {
  constructor(
    private readonly store: PostgresEventStore,
    private readonly pipeline: EventPipeline,
    @Inject(OPEN_ITEM_OPTIONS) readonly options: OpenItemOptions,
  ) {}

  async load(providerId: string): Promise<FileState> {
    return (await loadAggregate<FileState, CredentialingEvent>(this.store, credentialingStreamId(providerId), evolve, initialFileState)).state;
  }

  /** `awaitProjection: false` for batch work (the monitoring's records): the grid catches up on its own. */
  async execute(command: CredentialingCommand, options: { awaitProjection?: boolean } = {}): Promise<FileState> {
    const ctx = currentContext();
    try {
      const result = await handleCommand<FileState, CredentialingEvent>(
        this.store,
        credentialingStreamId(command.data.providerId),
        (state) => decide(command, state, this.options),
        evolve,
        initialFileState,
        { metadata: { ...(ctx?.correlationId ? { correlationId: ctx.correlationId } : {}), actorId: command.data.actor.userId } },
      );
      if (options.awaitProjection !== false) await this.pipeline.projected(result.globalPositions, { projections: ['credentialing-files'] });
      return result.newState;
    } catch (err) {
      if (err instanceof ConcurrencyConflictError) throw new Conflict('The file changed at the same time; please try again');
      throw err;
    }
  }
}
