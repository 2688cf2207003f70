/**
 * What the drill remembers of its load, and what it concludes: every request with its kind and
 * status, the acknowledged writes checked against the stores and read models, the recoveries.
 * Plain functions, so the verdict's arithmetic is unit-tested without a system.
 */

/** The writes the drill's load makes, each owned by one service's event store. */
export const WRITE_KINDS = ['chat', 'profile', 'credential', 'signIn'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** The schema and event type that one acknowledged write of a kind leaves, exactly once. */
export const WRITE_EVENTS: Record<WriteKind, { schema: string; type: string }> = {
  chat: { schema: 'messaging', type: 'MessagePosted' },
  profile: { schema: 'directory', type: 'ProfileUpdated' },
  credential: { schema: 'credentialing', type: 'CredentialAdded' },
  signIn: { schema: 'identity', type: 'SignInCodeIssued' },
};

/** One request of the load: its id (the events' correlation id), kind, answer and, for some, what it wrote. */
export type Attempt = { requestId: string; kind: WriteKind; status: number | 'network-error'; at: number; doneAt: number; key?: string };

/**
 * A fault and how long the system took to serve every kind of write again after it. For a
 * server the system does not restart itself (NATS, Postgres), `restartedAt` is when the drill
 * had started it again: the system's recovery is counted from there (the kill-to-back time,
 * which includes the server's own start, is printed beside it).
 */
export type Recovery = { target: string; killedAt: number; backAt: number | null; restartedAt?: number | null };

/** Seconds the system took to be back: from the kill, or from the restart of a server it does not restart itself. */
export const recoverySeconds = (r: Recovery): number | null => (r.backAt === null ? null : (r.backAt - (r.restartedAt ?? r.killedAt)) / 1000);

export type Verdict = {
  acknowledged: number;
  lost: number;
  duplicated: number;
  /** Answers of 500 or more other than 503 (a service down answers 503: that is allowed). */
  serverErrors: number;
  byStatus: Record<string, number>;
  slowestRecoveryS: number | null;
  notRecovered: string[];
  /** Acknowledged writes missing from a read model, per kind. */
  missingFromReadModels: number;
};

export const acknowledged = (a: Attempt) => typeof a.status === 'number' && a.status >= 200 && a.status < 300;

/**
 * `stored`: how many events of the kind's type carry each acknowledged request's correlation id
 * (absent: none). `inReadModels`: the acknowledged requests a read model shows.
 */
export function verdict(attempts: Attempt[], stored: Map<string, number>, inReadModels: Set<string>, recoveries: Recovery[]): Verdict {
  const acked = attempts.filter(acknowledged);
  const byStatus: Record<string, number> = {};
  for (const a of attempts) byStatus[String(a.status)] = (byStatus[String(a.status)] ?? 0) + 1;
  const recovered = recoveries.filter((r) => r.backAt !== null);
  return {
    acknowledged: acked.length,
    lost: acked.filter((a) => !stored.get(a.requestId)).length,
    duplicated: acked.filter((a) => (stored.get(a.requestId) ?? 0) > 1).length,
    serverErrors: attempts.filter((a) => typeof a.status === 'number' && a.status >= 500 && a.status !== 503).length,
    byStatus,
    slowestRecoveryS: recovered.length ? Math.max(...recovered.map((r) => recoverySeconds(r)!)) : null,
    notRecovered: recoveries.filter((r) => r.backAt === null).map((r) => r.target),
    missingFromReadModels: acked.filter((a) => a.kind !== 'signIn' && !inReadModels.has(a.requestId)).length,
  };
}

/** The drill's last line: `drill: N acknowledged writes, 0 lost, 0 duplicated, 0 answers >= 500 other than 503, slowest recovery S s`. */
export function summaryLine(v: Verdict): string {
  const slowest = v.slowestRecoveryS === null ? 'none' : `${v.slowestRecoveryS.toFixed(1)} s`;
  return `drill: ${v.acknowledged} acknowledged writes, ${v.lost} lost, ${v.duplicated} duplicated, ${v.serverErrors} answers >= 500 other than 503, slowest recovery ${slowest}`;
}

/** What missed the drill's targets (empty: all met). */
export function missedTargets(v: Verdict, maxRecoveryS: number): string[] {
  const out: string[] = [];
  if (v.acknowledged === 0) out.push('no write was acknowledged');
  if (v.lost) out.push(`${v.lost} acknowledged writes lost`);
  if (v.duplicated) out.push(`${v.duplicated} writes stored more than once`);
  if (v.serverErrors) out.push(`${v.serverErrors} answers >= 500 other than 503`);
  if (v.missingFromReadModels) out.push(`${v.missingFromReadModels} acknowledged writes missing from the read models`);
  if (v.notRecovered.length) out.push(`not back after: ${v.notRecovered.join(', ')}`);
  if (v.slowestRecoveryS !== null && v.slowestRecoveryS > maxRecoveryS) out.push(`slowest recovery ${v.slowestRecoveryS.toFixed(1)} s (target ${maxRecoveryS} s)`);
  return out;
}

/**
 * When a fault was over: the first moment after the kill by which every kind of write had been
 * acknowledged again (the answer to a request begun after the kill) and, where given, the
 * system's health said every service was up. Null: something never came back.
 */
export function backAt(attempts: Attempt[], killedAt: number, healthyAt: number | null = killedAt, kinds: readonly WriteKind[] = WRITE_KINDS): number | null {
  if (healthyAt === null) return null;
  let latest = Math.max(killedAt, healthyAt);
  for (const kind of kinds) {
    const answers = attempts.filter((a) => a.kind === kind && a.at >= killedAt && acknowledged(a)).map((a) => a.doneAt);
    if (!answers.length) return null;
    latest = Math.max(latest, Math.min(...answers));
  }
  return latest;
}
