import { Inject, Injectable } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { DurableEventConsumer, NATS_CONNECTION, PG_POOL, applyOnce, subjects } from '@app/nest-kit';
import { PROFILE_COLUMNS, parseProfileEvent, type ParsedProfileEvent, type ProfileChange } from '../integration/directory-profiles';
import { MonitoringAlerts, type Alert } from '../monitoring-alerts/monitoring-alerts';


export const CREDENTIALING_DIRECTORY_DURABLE = 'credentialing-directory';
export const directoryFilterSubjects = () => [subjects().allEvents('directory')];

/** Keeps `credentialing_profiles` in step with the directory's profiles (durable JetStream consumer). */
@Injectable()
export class DirectoryProfilesConsumer extends DurableEventConsumer<ParsedProfileEvent> {
  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly alerts: MonitoringAlerts,
  ) {
    super(nc, { name: 'DirectoryProfiles', durable: CREDENTIALING_DIRECTORY_DURABLE, filterSubjects: directoryFilterSubjects });
  }

  /** An NPI deactivated in the registry: a Danger alert for each provider with a file carrying it (once per NPI and date). */
  private async npiDeactivated(change: Extract<ProfileChange, { kind: 'npiDeactivated' }>): Promise<void> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT p.id FROM credentialing_profiles p JOIN credentialing_files f ON f.provider_id = p.id WHERE p.npi = $1 AND NOT p.deleted`,
      [change.npi],
    );
    const alerts: Alert[] = rows.map((r) => ({
      key: `npi-deactivated:${r.id}:${change.npi}:${change.deactivationDate ?? ''}`,
      providerId: r.id,
      kind: 'npi-deactivated',
      alertLevel: 'Danger',
      credentialKind: null,
      dueOn: change.deactivationDate,
      daysLeft: null,
      toProvider: true,
    }));
    await this.alerts.raise(alerts, new Date());
  }

  protected parse(msg: JsMsg): ParsedProfileEvent {
    return parseProfileEvent(msg.subject, msg.data);
  }

  protected async apply(parsed: Extract<ParsedProfileEvent, { kind: 'change' }>, msg: JsMsg): Promise<void> {
    const change = parsed.change;
    if (change.kind === 'npiDeactivated') {
      await this.npiDeactivated(change);
      return;
    }
    await applyOnce(this.pool, parsed.eventId, msg.subject, (client) => applyProfileChange(client, parsed.change));
  }
}

export async function applyProfileChange(client: { query: Pool['query'] }, change: ProfileChange): Promise<void> {
  if (change.kind === 'npiDeactivated') return;
  if (change.kind === 'delete') {
    await client.query('UPDATE credentialing_profiles SET deleted = true, updated_at = now() WHERE id = $1', [change.id]);
    return;
  }
  const entries = Object.entries(change.cols).filter(([c]) => PROFILE_COLUMNS.has(c));
  if (change.kind === 'upsert') {
    const cols = ['id', ...entries.map(([c]) => c)];
    await client.query(
      `INSERT INTO credentialing_profiles (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${entries.map(([c]) => `"${c}" = EXCLUDED."${c}"`).join(', ')}, updated_at = now()`,
      [change.id, ...entries.map(([, v]) => v)],
    );
  } else if (entries.length) {
    await client.query(`UPDATE credentialing_profiles SET ${entries.map(([c], i) => `"${c}" = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
      change.id,
      ...entries.map(([, v]) => v),
    ]);
  }
}
