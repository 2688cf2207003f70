/**
 * Where a benchmark's CPU time goes, process by process: the kernel's counters of each process
 * (/proc/<pid>/stat, user + system time) read before and after a phase, and the top entries of
 * V8 CPU profiles (`node --cpu-prof`). Linux only; elsewhere the counters read as absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK)

/** CPU milliseconds a process has used so far (user + system); undefined when it is gone or unreadable. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Pids whose command line starts with `name` (e.g. the shared nats-server). */
export function pidsNamed(name: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0];
      if (cmd === name || cmd.endsWith(`/${name}`)) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** A group of processes counted together (Postgres: the backends of one database). */
export type CpuGroup = { name: string; pids: () => number[] | Promise<number[]> };

export type CpuSnapshot = Map<string, Map<number, number>>;

export async function snapshot(groups: readonly CpuGroup[]): Promise<CpuSnapshot> {
  return readEach(groups, cpuMs);
}

/** `read` of every process of every group, by group and pid (processes it cannot read left out). */
async function readEach<T>(groups: readonly CpuGroup[], read: (pid: number) => T | undefined): Promise<Map<string, Map<number, T>>> {
  const out = new Map<string, Map<number, T>>();
  for (const g of groups) {
    const byPid = new Map<number, T>();
    for (const pid of await g.pids()) {
      const value = read(pid);
      if (value !== undefined) byPid.set(pid, value);
    }
    out.set(g.name, byPid);
  }
  return out;
}

/** CPU ms used between two snapshots, per group (processes present in both). */
export function used(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, pids] of after) {
    let sum = 0;
    let seen = false;
    for (const [pid, ms] of pids) {
      const was = before.get(name)?.get(pid);
      if (was === undefined) continue;
      sum += ms - was;
      seen = true;
    }
    if (seen) out.set(name, sum);
  }
  return out;
}

/**
 * What a process asked of the kernel so far: read and write system calls (/proc/<pid>/io syscr,
 * syscw) and context switches, voluntary (it waited: a socket, a lock) and involuntary (it was
 * preempted) from /proc/<pid>/status. Undefined when it is gone or unreadable.
 */
export type KernelActivity = { reads: number; writes: number; voluntary: number; involuntary: number };
const ACTIVITY_KEYS = ['reads', 'writes', 'voluntary', 'involuntary'] as const;

export function kernelActivity(pid: number): KernelActivity | undefined {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (text: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    const out = {
      reads: field(io, 'syscr'),
      writes: field(io, 'syscw'),
      voluntary: field(status, 'voluntary_ctxt_switches'),
      involuntary: field(status, 'nonvoluntary_ctxt_switches'),
    };
    return ACTIVITY_KEYS.every((k) => Number.isFinite(out[k])) ? out : undefined;
  } catch {
    return undefined;
  }
}

export type ActivitySnapshot = Map<string, Map<number, KernelActivity>>;

export async function activitySnapshot(groups: readonly CpuGroup[]): Promise<ActivitySnapshot> {
  return readEach(groups, kernelActivity);
}

/** The kernel activity between two snapshots, per group (processes present in both). */
export function activityUsed(before: ActivitySnapshot, after: ActivitySnapshot): Map<string, KernelActivity> {
  const out = new Map<string, KernelActivity>();
  for (const [name, pids] of after) {
    const sum: KernelActivity = { reads: 0, writes: 0, voluntary: 0, involuntary: 0 };
    let seen = false;
    for (const [pid, a] of pids) {
      const was = before.get(name)?.get(pid);
      if (!was) continue;
      for (const k of ACTIVITY_KEYS) sum[k] += a[k] - was[k];
      seen = true;
    }
    if (seen) out.set(name, sum);
  }
  return out;
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[]; timeDeltas?: number[] };

/**
 * The functions with the most self time in a `.cpuprofile` (ms, and share of the busy samples:
 * idle time left out). `window`: only the samples taken between two wall-clock times, placed by
 * the moment the profile ended (`endedAt`, when the process exited) — the load, not the start-up.
 */
export function topEntries(
  file: string,
  n = 12,
  window?: { from: number; to: number; endedAt: number },
): Array<{ fn: string; where: string; selfMs: number; share: number }> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  let t = profile.startTime;
  let busyMs = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const delta = deltas[i] ?? 0;
    t += delta;
    if (window) {
      const wall = window.endedAt - (profile.endTime - t) / 1000;
      if (wall < window.from || wall > window.to) return;
    }
    const name = nodes.get(id)?.callFrame.functionName;
    if (name === '(idle)') return;
    hits.set(id, (hits.get(id) ?? 0) + delta / 1000);
    busyMs += delta / 1000;
  });
  const byFn = new Map<string, { fn: string; where: string; ms: number }>();
  for (const [id, ms] of hits) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const fn = functionName || '(anonymous)';
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const key = `${fn}@${where}`;
    const e = byFn.get(key) ?? { fn, where, ms: 0 };
    e.ms += ms;
    byFn.set(key, e);
  }
  return [...byFn.values()]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((e) => ({ fn: e.fn, where: e.where, selfMs: Math.round(e.ms), share: Math.round((e.ms / (busyMs || 1)) * 1000) / 10 }));
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const dist = url.indexOf('/dist/');
  if (dist >= 0) return url.slice(dist + 1);
  return url.replace(/^file:\/\//, '').replace(/^node:/, 'node:');
}

/** The newest `.cpuprofile` in a directory, or undefined. */
export function profileIn(dir: string): string | undefined {
  try {
    const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort();
    return files.length ? join(dir, files[files.length - 1]) : undefined;
  } catch {
    return undefined;
  }
}
