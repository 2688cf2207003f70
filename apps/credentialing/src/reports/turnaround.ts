import type { credentialing } from '@app/contracts';
import type { FileState } from '../domain/credentialing-file.decider';
import { cyclesOf } from '../domain/credentialing-file.decider';

/** A file as the report reads it: its state, the provider's name and practices. */
export type ReportFile = { providerId: string; provider: string | null; state: FileState; practices: string[] };

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS);

/** The nearest-rank percentile of sorted numbers (null when none). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function stats(values: number[]): credentialing.TurnaroundStats {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, median: percentile(sorted, 50), p90: percentile(sorted, 90) };
}

type Decided = { month: string; practices: string[]; start: number; application: number | null; submission: number | null };

function spans(rows: Decided[]): credentialing.TurnaroundSpans {
  return {
    decided: rows.length,
    startToDecision: stats(rows.map((r) => r.start)),
    applicationToDecision: stats(rows.flatMap((r) => (r.application === null ? [] : [r.application]))),
    submissionToDecision: stats(rows.flatMap((r) => (r.submission === null ? [] : [r.submission]))),
  };
}

/**
 * The turnaround of every decided cycle in the period: days from the cycle's start, from the
 * application complete (the provider's attestation signed, its last one before the submission)
 * and from the submission to the committee, to the decision (an appeal's decision aside); median
 * and p90 overall, by decision month and by practice; decisions over 60 days old without a stored
 * letter; approvals whose recredentialing is due within 30/60/90/120 days.
 */
export function turnaroundReport(files: readonly ReportFile[], storedLetters: ReadonlySet<string>, today: string, period: { from?: string; to?: string } = {}): credentialing.TurnaroundReply {
  const decided: Decided[] = [];
  const lettersMissing: credentialing.TurnaroundReply['lettersMissing'] = [];
  const due = { overdue: 0, within30: 0, within60: 0, within90: 0, within120: 0 };
  for (const f of files) {
    const cycles = cyclesOf(f.state);
    for (const c of cycles) {
      const d = c.decision;
      if (!d) continue;
      if (daysBetween(d.decidedOn, today) > 60) {
        const letters = (f.state.letters ?? []).filter((l) => l.cycle === c.cycle && !l.appeal && l.decidedOn === d.decidedOn);
        if (!letters.some((l) => storedLetters.has(l.letterId))) lettersMissing.push({ providerId: f.providerId, provider: f.provider, cycle: c.cycle, decidedOn: d.decidedOn, days: daysBetween(d.decidedOn, today) });
      }
      if ((period.from && d.decidedOn < period.from) || (period.to && d.decidedOn > period.to)) continue;
      const activity = (f.state.activity ?? []).filter((a) => a.cycle === c.cycle);
      const submittedAt = activity.find((a) => /→ Committee Review/.test(a.what))?.at ?? null;
      const attestedAt = [...activity].reverse().find((a) => a.what === 'Signed the attestation' && (!submittedAt || a.at <= submittedAt))?.at ?? null;
      decided.push({
        month: d.decidedOn.slice(0, 7),
        practices: f.practices,
        start: daysBetween(c.startedOn, d.decidedOn),
        application: attestedAt ? daysBetween(attestedAt, d.decidedOn) : null,
        submission: submittedAt ? daysBetween(submittedAt, d.decidedOn) : null,
      });
    }
    // The approval in force: the newest decided cycle's, when it is an approval.
    const last = [...cycles].reverse().find((c) => c.decision);
    if (last?.decision?.decision === 'Approved' && last.recredentialingDueOn) {
      const left = daysBetween(today, last.recredentialingDueOn);
      if (left < 0) due.overdue++;
      else {
        if (left <= 30) due.within30++;
        if (left <= 60) due.within60++;
        if (left <= 90) due.within90++;
        if (left <= 120) due.within120++;
      }
    }
  }
  const group = <K extends string>(keys: (r: Decided) => string[], name: K) => {
    const by = new Map<string, Decided[]>();
    for (const r of decided) for (const k of keys(r)) by.set(k, [...(by.get(k) ?? []), r]);
    return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, rows]) => ({ [name]: k, ...spans(rows) }) as credentialing.TurnaroundSpans & Record<K, string>);
  };
  return {
    asOf: today,
    overall: spans(decided),
    byMonth: group((r) => [r.month], 'month'),
    byPractice: group((r) => r.practices, 'practiceId'),
    lettersMissing: lettersMissing.sort((a, b) => a.decidedOn.localeCompare(b.decidedOn)),
    recredentialingDue: due,
  };
}
