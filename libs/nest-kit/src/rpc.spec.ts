import 'reflect-metadata';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { z } from 'zod';
import { defineRpc, rpcSubject } from '@app/contracts';
import { DomainError } from './errors';
import { Rpc, checkedReply, checksRpcReplies, subjects } from './rpc';

const AddThing = defineRpc({
  context: 'practices',
  kind: 'cmd',
  name: 'addThing',
  request: z.object({ id: z.uuid(), count: z.coerce.number().int() }),
  reply: z.object({ success: z.literal(true), id: z.string() }),
});
const id = '6f1c2a4e-8b0d-4f3a-9c1e-2d7b5a9e0f13';

function handlerClass(reply: (p: { id: string; count: number }) => unknown) {
  class Things {
    seen: unknown[] = [];
    @Rpc(AddThing)
    add(p: { id: string; count: number }) {
      this.seen.push(p);
      return reply(p) as { success: true; id: string };
    }
  }
  return Things;
}

describe('@Rpc(contract)', () => {
  it('listens on the contract subject and hands the handler the parsed request', async () => {
    const Things = handlerClass((p) => ({ success: true, id: p.id }));
    const things = new Things();
    expect(rpcSubject(subjects(), AddThing)).toMatch(/(^|\.)practices\.cmd\.addThing$/);
    expect(Reflect.getMetadata(PATTERN_METADATA, Things.prototype.add)).toEqual([rpcSubject(subjects(), AddThing)]);
    await expect(things.add({ id, count: '3' } as never)).resolves.toEqual({ success: true, id });
    expect(things.seen).toEqual([{ id, count: 3 }]);
  });

  it('refuses a bad request with a 400 naming the field, before the handler runs', () => {
    const things = new (handlerClass(() => ({ success: true, id })))();
    let error: unknown;
    try {
      things.add({ id: 'nope', count: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'validation', field: 'id' });
    expect(things.seen).toEqual([]);
  });

  it('outside production, a reply that drifted from its contract is an internal error naming the field', async () => {
    expect(checksRpcReplies('test')).toBe(true);
    const things = new (handlerClass(() => ({ success: true, id: 42 })))();
    await expect(things.add({ id, count: 1 })).rejects.toThrow('practices.cmd.addThing: the reply does not match its contract at id');
    await expect(things.add({ id, count: 1 })).rejects.not.toBeInstanceOf(DomainError);
  });

  it('in production the reply is not checked', () => {
    expect(checksRpcReplies('production')).toBe(false);
    const reply = { success: true, id: 42 };
    expect(() => checkedReply(AddThing, 'practices.cmd.addThing', reply)).toThrow();
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const things = new (handlerClass(() => reply))();
      expect(things.add({ id, count: 1 })).toBe(reply);
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it('sends the reply as the handler made it (a check, not a transformation)', async () => {
    const reply = { success: true, id, extra: 'kept' };
    const things = new (handlerClass(() => reply))();
    await expect(things.add({ id, count: 1 })).resolves.toBe(reply);
  });
});
