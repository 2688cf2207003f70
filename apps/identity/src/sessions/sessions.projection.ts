import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import type { AccountEvent, SignInSucceeded } from '../domain/account.events';
import { qualified } from '../read-models/qualified';

/**
 * Sessions read model (table `sessions`): the gateway asks `sessionLive` on every call, so a
 * token works only while its session is here, unrevoked and unexpired.
 */
@Injectable()
export class SessionsProjection implements Projection {
  readonly name = 'sessions';
  readonly eventTypes = ['SignInSucceeded', 'SignedOut', 'SessionsRevoked'];
  readonly tables = ['sessions']; // rebuilt into a shadow copy, swapped in atomically

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const table = qualified(em, 'sessions');
    const e = { type: event.type, data: event.data } as AccountEvent;
    const req = event.metadata.request ?? {};
    switch (e.type) {
      case 'SignInSucceeded':
        await em.execute(
          `INSERT INTO ${table} (id, account_id, created_at, expires_at, ip, browser, os) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO NOTHING`,
          [e.data.sessionId, e.data.accountId, e.data.signedInAt, e.data.expiresAt, req.ip ?? null, req.browser ?? null, req.os ?? null],
        );
        return;
      case 'SignedOut':
        await em.execute(`UPDATE ${table} SET revoked_at = ?, revoked_reason = 'signed-out' WHERE id = ? AND revoked_at IS NULL`, [
          e.data.signedOutAt,
          e.data.sessionId,
        ]);
        return;
      case 'SessionsRevoked':
        await em.execute(`UPDATE ${table} SET revoked_at = ?, revoked_reason = ? WHERE id = ANY(?::uuid[]) AND revoked_at IS NULL`, [
          e.data.revokedAt,
          e.data.reason,
          `{${e.data.sessionIds.join(',')}}`,
        ]);
        return;
    }
  }

  /**
   * A batch: runs of SignInSucceeded (the bulk of this stream) go in as one multi-row INSERT
   * each (ON CONFLICT DO NOTHING keeps the first of a replayed session, as `handle` does); the
   * other events through `handle`, in order between them.
   */
  async handleBatch(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    let run: RecordedEvent[] = [];
    const flush = async () => {
      if (run.length === 0) return;
      const values = run.flatMap((event) => {
        const d = event.data as SignInSucceeded['data'];
        const req = event.metadata.request ?? {};
        return [d.sessionId, d.accountId, d.signedInAt, d.expiresAt, req.ip ?? null, req.browser ?? null, req.os ?? null];
      });
      await em.execute(
        `INSERT INTO ${qualified(em, 'sessions')} (id, account_id, created_at, expires_at, ip, browser, os)
         VALUES ${run.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT (id) DO NOTHING`,
        values,
      );
      run = [];
    };
    for (const event of events) {
      if (event.type === 'SignInSucceeded') {
        run.push(event);
        if (run.length >= 1000) await flush();
        continue;
      }
      await flush();
      await this.handle(event, em);
    }
    await flush();
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${qualified(em, 'sessions')}`);
  }
}
