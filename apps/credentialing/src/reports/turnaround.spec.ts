import type { FileState } from '../domain/credentialing-file.decider';
import { percentile, turnaroundReport, type ReportFile } from './turnaround';

/** A file with one decided cycle: started, attested and submitted on these days, decided on `decidedOn`. */
function decidedFile(id: string, d: { started: string; attested: string; submitted: string; decidedOn: string; decision?: 'Approved' | 'Denied'; dueOn?: string | null; letter?: string }, practices = ['p1']): ReportFile {
  const state = {
    providerId: id,
    cycles: 1,
    current: null,
    past: [{ cycle: 1, cycleId: `c-${id}`, status: d.decision ?? 'Approved', startedOn: d.started, decision: { decision: d.decision ?? 'Approved', decidedOn: d.decidedOn, decidedBy: 'admin' }, recredentialingDueOn: d.dueOn ?? null }],
    activity: [
      { at: `${d.started}T09:00:00Z`, by: id, cycle: 1, what: 'Started initial credentialing' },
      { at: `${d.attested}T09:00:00Z`, by: id, cycle: 1, what: 'Signed the attestation' },
      { at: `${d.submitted}T09:00:00Z`, by: 'staff', cycle: 1, what: 'Status Verification → Committee Review: Submitted to the committee' },
    ],
    letters: d.letter ? [{ letterId: d.letter, cycle: 1, cycleId: `c-${id}`, decision: d.decision ?? 'Approved', decidedOn: d.decidedOn, appeal: false, recredentialingDueOn: null, reasons: [], explanation: null }] : [],
  } as unknown as FileState;
  return { providerId: id, provider: `Provider ${id}`, state, practices };
}

describe('the turnaround report', () => {
  it('takes the nearest-rank median and p90', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([5], 90)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
  });

  it('counts the days from start, application complete and submission to the decision, by month and practice', () => {
    const files = [
      decidedFile('a', { started: '2026-01-01', attested: '2026-01-11', submitted: '2026-01-21', decidedOn: '2026-01-31', letter: 'l-a' }),
      decidedFile('b', { started: '2026-01-01', attested: '2026-01-02', submitted: '2026-01-03', decidedOn: '2026-02-01', letter: 'l-b' }, ['p1', 'p2']),
      decidedFile('c', { started: '2026-02-01', attested: '2026-02-21', submitted: '2026-02-26', decidedOn: '2026-03-03', letter: 'l-c' }, ['p2']),
    ];
    const r = turnaroundReport(files, new Set(['l-a', 'l-b', 'l-c']), '2026-03-10');
    expect(r.overall).toEqual({
      decided: 3,
      startToDecision: { count: 3, median: 30, p90: 31 },
      applicationToDecision: { count: 3, median: 20, p90: 30 },
      submissionToDecision: { count: 3, median: 10, p90: 29 },
    });
    expect(r.byMonth.map((m) => [m.month, m.decided, m.startToDecision.median])).toEqual([
      ['2026-01', 1, 30],
      ['2026-02', 1, 31],
      ['2026-03', 1, 30],
    ]);
    expect(r.byPractice.map((p) => [p.practiceId, p.decided, p.submissionToDecision.median, p.submissionToDecision.p90])).toEqual([
      ['p1', 2, 10, 29],
      ['p2', 2, 5, 29],
    ]);
    expect(turnaroundReport(files, new Set(['l-a', 'l-b', 'l-c']), '2026-03-10', { from: '2026-02-01', to: '2026-02-28' }).overall.decided).toBe(1);
  });

  it('lists decisions over 60 days old without a stored letter, and the recredentialing due dates ahead', () => {
    const files = [
      decidedFile('old', { started: '2026-01-01', attested: '2026-01-02', submitted: '2026-01-03', decidedOn: '2026-01-05', letter: 'l-old' }),
      decidedFile('young', { started: '2026-03-01', attested: '2026-03-02', submitted: '2026-03-03', decidedOn: '2026-03-05' }),
      decidedFile('due20', { started: '2023-01-01', attested: '2023-01-02', submitted: '2023-01-03', decidedOn: '2023-01-05', dueOn: '2026-03-30', letter: 'x' }),
      decidedFile('due100', { started: '2023-01-01', attested: '2023-01-02', submitted: '2023-01-03', decidedOn: '2023-01-05', dueOn: '2026-06-18', letter: 'y' }),
      decidedFile('late', { started: '2023-01-01', attested: '2023-01-02', submitted: '2023-01-03', decidedOn: '2023-01-05', dueOn: '2026-03-01', letter: 'z' }),
    ];
    const r = turnaroundReport(files, new Set(['x', 'y', 'z']), '2026-03-10');
    expect(r.lettersMissing).toEqual([{ providerId: 'old', provider: 'Provider old', cycle: 1, decidedOn: '2026-01-05', days: 64 }]);
    expect(r.recredentialingDue).toEqual({ overdue: 1, within30: 1, within60: 1, within90: 1, within120: 2 });
  });
});
