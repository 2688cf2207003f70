import { z } from 'zod';
import { auditAnchorConfig } from './anchor-config';
import { parseAnchorLines } from './anchor-file';
import { anchorStreamConfig, anchorStreamName, anchorSubject } from './anchor-stream';
import { AnchorCheck, anchorOf, formatAnchor, parseAnchor, type SourcedAnchor } from './anchors';

const h = (c: string) => c.repeat(64);
const anchor = (seq: number, hash: string, source = 'test'): SourcedAnchor => ({
  ...anchorOf('identity', { seq, hash, occurredAt: '2026-11-21T10:00:00.000Z' }, new Date('2026-11-21T10:05:00.000Z')),
  source,
});

describe('anchors', () => {
  it('round-trips through one JSON line', () => {
    const a = anchorOf('identity', { seq: 42, hash: h('a'), occurredAt: '2026-11-21T10:00:00.000Z' }, new Date('2026-11-21T10:05:00.000Z'));
    const line = formatAnchor(a);
    expect(line).toBe(
      `{"kind":"security-log-anchor","v":1,"schema":"identity","seq":42,"hash":"${h('a')}","entryTime":"2026-11-21T10:00:00.000Z","anchoredAt":"2026-11-21T10:05:00.000Z"}`,
    );
    expect(parseAnchor(line)).toEqual(a);
  });

  it.each([
    ['not json', /not JSON/],
    ['{"kind":"other"}', /not a security log anchor/],
    [JSON.stringify({ kind: 'security-log-anchor', v: 2 }), /version 2/],
    [JSON.stringify({ kind: 'security-log-anchor', v: 1, schema: 'identity', seq: 0, hash: h('a') }), /seq/],
    [JSON.stringify({ kind: 'security-log-anchor', v: 1, schema: 'identity', seq: 1, hash: 'abc' }), /hash/],
    [JSON.stringify({ kind: 'security-log-anchor', v: 1, schema: 'identity', seq: 1, hash: h('a'), entryTime: 'yesterday' }), /entryTime/],
  ])('refuses %s', (text, message) => {
    expect(() => parseAnchor(text)).toThrow(message);
  });

  it('reads an anchor file, naming the line of a bad one', () => {
    const text = `${formatAnchor(anchor(1, h('a')))}\n\n${formatAnchor(anchor(2, h('b')))}\n`;
    expect(parseAnchorLines(text, 'a.jsonl').map((a) => [a.seq, a.source])).toEqual([
      [1, 'file a.jsonl:1'],
      [2, 'file a.jsonl:3'],
    ]);
    expect(() => parseAnchorLines(`${text}{"kind":"x"}\n`, 'a.jsonl')).toThrow(/a\.jsonl, line 4: not a security log anchor/);
  });
});

describe('AnchorCheck', () => {
  it('passes a log that matches every anchor', () => {
    const check = new AnchorCheck([anchor(1, h('a')), anchor(3, h('c')), anchor(3, h('c'), 'file')]);
    for (const [seq, hash] of [
      [1, h('a')],
      [2, h('b')],
      [3, h('c')],
    ] as const)
      expect(check.at(seq, hash)).toBeNull();
    expect(check.result(3)).toMatchObject({ count: 3, matched: 3, mismatch: null, missingTail: null, newest: { seq: 3 } });
  });

  it('names the first anchor whose entry has another hash', () => {
    const check = new AnchorCheck([anchor(2, h('b'), 'js #1'), anchor(3, h('c'), 'js #2')]);
    expect(check.at(1, h('a'))).toBeNull();
    expect(check.at(2, h('x'))).toMatchObject({ anchor: { seq: 2, source: 'js #1' }, found: h('x') });
  });

  it('reports the entries missing after the table end, from the newest anchor', () => {
    const check = new AnchorCheck([anchor(5, h('e')), anchor(9, h('9'), 'js #7'), anchor(7, h('7'))]);
    expect(check.result(6).missingTail).toMatchObject({ count: 3, anchor: { seq: 9, source: 'js #7' } });
    expect(check.result(0).missingTail).toMatchObject({ count: 9 });
    expect(new AnchorCheck([]).result(0)).toMatchObject({ count: 0, newest: null, missingTail: null });
  });
});

describe('the anchor stream', () => {
  it('is named and addressed like the EVENTS stream, with the prefix', () => {
    expect(anchorStreamName('')).toBe('AUDIT_ANCHORS');
    expect(anchorStreamName('t-run_1')).toBe('T_RUN_1_AUDIT_ANCHORS');
    expect(anchorSubject('', 'identity')).toBe('audit.anchors.identity');
    expect(anchorSubject('t1', 'identity')).toBe('t1.audit.anchors.identity');
    expect(() => anchorStreamName('bad.prefix')).toThrow(/NATS_PREFIX/);
  });

  it('keeps anchors on file storage, for the configured days, without deletes or purges', () => {
    const c = anchorStreamConfig('t1', 10);
    expect(c).toMatchObject({ name: 'T1_AUDIT_ANCHORS', subjects: ['t1.audit.anchors.>'], storage: 'file', deny_delete: true, deny_purge: true, max_age: 10 * 86_400 * 1e9 });
    expect(anchorStreamConfig('', 0).max_age).toBe(0);
  });
});

describe('anchor configuration', () => {
  const schema = z.object(auditAnchorConfig);
  it('anchors every 5 minutes by default, for 10 years, to no file', () => {
    expect(schema.parse({})).toEqual({ AUDIT_ANCHOR_INTERVAL_MS: 300_000, AUDIT_ANCHOR_RETENTION_DAYS: 3653 });
    expect(schema.parse({ AUDIT_ANCHOR_INTERVAL_MS: '0', AUDIT_ANCHOR_FILE: '/srv/anchors.jsonl' })).toMatchObject({ AUDIT_ANCHOR_INTERVAL_MS: 0, AUDIT_ANCHOR_FILE: '/srv/anchors.jsonl' });
  });
  it('refuses an interval that would hammer the stream, naming the rule', () => {
    const r = schema.safeParse({ AUDIT_ANCHOR_INTERVAL_MS: '500' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['AUDIT_ANCHOR_INTERVAL_MS'], message: 'must be 0 (off) or at least 1000' });
  });
});
