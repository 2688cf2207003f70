import { z } from 'zod';
import { RPC_CONTRACTS, rpcContract } from './rpc-index';
import { defineRpc, defineRpcs, rpcSubject } from './rpc-contract';
import { Subjects } from './subjects';

describe('the RPC contracts', () => {
  it('declares every RPC once: one contract per subject, each with a request and a reply schema', () => {
    const subjects = RPC_CONTRACTS.map((c) => rpcSubject(new Subjects(), c));
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(RPC_CONTRACTS.length).toBeGreaterThanOrEqual(94);
    for (const c of RPC_CONTRACTS) {
      expect(c.request).toBeInstanceOf(z.ZodType);
      expect(c.reply).toBeInstanceOf(z.ZodType);
      expect(rpcContract(c.context, c.kind, c.name)).toBe(c);
    }
  });

  it('builds the subject from context, kind and name, under the prefix', () => {
    const c = defineRpc({ context: 'practices', kind: 'cmd', name: 'createPractice', request: z.object({}), reply: z.object({}) });
    expect(rpcSubject(new Subjects(), c)).toBe('practices.cmd.createPractice');
    expect(rpcSubject(new Subjects('t1'), c)).toBe('t1.practices.cmd.createPractice');
    const { status } = defineRpcs('directory', { status: { name: 'registryStatus', kind: 'qry', request: z.object({}), reply: z.object({}) } });
    expect(rpcSubject(new Subjects(), status)).toBe('directory.qry.registryStatus');
  });

  it('refuses a name that is not one word', () => {
    expect(() => defineRpc({ context: 'identity', kind: 'qry', name: 'a.b', request: z.object({}), reply: z.object({}) })).toThrow(/one word/);
  });
});
