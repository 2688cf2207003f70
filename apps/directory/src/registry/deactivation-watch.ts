import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { directory } from '@app/contracts';
import type { EventStore, RecordedEvent } from '@app/event-store';
import { EVENT_STORE, PG_POOL, type IntegrationMapper } from '@app/nest-kit';

const EVENT = 'RegistryNpiDeactivated';
const nameUuid = (name: string) => {
  const h = createHash('sha1').update(`directory-registry:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
};

/**
 * After each completed NPPES import (the importer is a CLI), the NPIs of directory profiles that
 * the mirror now marks deactivated, announced once each as `events.directory.RegistryNpiDeactivated`
 * (credentialing alerts the provider's staff). Looks every `REGISTRY_WATCH_MS` (30 s).
 */
@Injectable()
export class RegistryDeactivationWatch implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RegistryDeactivations');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    /** The service's event store (Postgres, or KurrentDB with EVENT_STORE=kurrentdb): a plain append. */
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.running ??= this.check()
        .catch((err: unknown) => this.logger.warn(`deactivation check failed: ${err instanceof Error ? err.message : err}`))
        .finally(() => (this.running = undefined));
    }, Number(process.env.REGISTRY_WATCH_MS ?? 30_000));
    this.timer.unref();
  }

  async onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Announces the profiles' NPIs deactivated since the last import looked at; returns how many. */
  async check(): Promise<number> {
    const { rows: imports } = await this.pool.query<{ id: string; last: string | null }>(
      `SELECT max(i.id) AS id, (SELECT last_import_id FROM registry_deactivation_watch WHERE id = 1) AS last FROM registry_imports i WHERE i.status = 'completed'`,
    );
    const latest = imports[0]?.id;
    if (!latest || imports[0].last === latest) return 0;
    const { rows } = await this.pool.query<{ npi: string; profile_ids: string[]; deactivation_date: string | null }>(
      `SELECT r.npi, array_agg(p.id::text ORDER BY p.id) AS profile_ids, to_char(r.deactivation_date, 'YYYY-MM-DD') AS deactivation_date
         FROM profiles p JOIN registry_providers r ON r.npi = p.npi
        WHERE r.deactivated AND NOT EXISTS (SELECT 1 FROM registry_deactivations_announced a WHERE a.npi = r.npi)
        GROUP BY r.npi, r.deactivation_date`,
    );
    const now = new Date().toISOString();
    for (const r of rows) {
      const data: directory.RegistryNpiDeactivatedV1 = { npi: r.npi, profileIds: r.profile_ids, deactivationDate: r.deactivation_date, importId: Number(latest), detectedAt: now };
      await this.store.append(`registry-npi-${r.npi}`, [{ id: nameUuid(`${r.npi}:${r.deactivation_date ?? ''}`), type: EVENT, data }]);
      await this.pool.query(`INSERT INTO registry_deactivations_announced (npi, deactivation_date, import_id) VALUES ($1, $2, $3) ON CONFLICT (npi) DO NOTHING`, [r.npi, r.deactivation_date, latest]);
    }
    await this.pool.query(
      `INSERT INTO registry_deactivation_watch (id, last_import_id) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET last_import_id = EXCLUDED.last_import_id`,
      [latest],
    );
    if (rows.length) this.logger.log(`${rows.length} profile NPI(s) deactivated in the registry announced`);
    return rows.length;
  }
}

/** The announcement leaves as stored (NPI, profile ids, dates). */
export const registryIntegrationEvents: IntegrationMapper = (e: RecordedEvent) =>
  e.type === EVENT ? { type: directory.REGISTRY_NPI_DEACTIVATED_V1, data: e.data as directory.RegistryNpiDeactivatedV1 } : null;
