import type { z } from 'zod';
import type { BoundedContext, Subjects } from './subjects';

/** A request/reply call: `<context>.cmd.<name>` (changes something) or `<context>.qry.<name>` (reads). */
export type RpcKind = 'cmd' | 'qry';

/**
 * One RPC, declared once: its subject (context, kind, name), the zod schema of its request and
 * the zod schema of its reply. The service's `@Rpc(contract)` handler parses the request with it
 * (and, outside production, checks its own reply); callers' `requester.call(contract, data)` and
 * the gateway's OpenAPI take their types and schemas from the same declaration.
 *
 * `messages`: 'field' (default) answers a bad request with `<field>: <zod message>`; 'user' with
 * the schema's own message (schemas whose messages are the spec's wording for the user).
 */
export type RpcContract<
  Req extends z.ZodType = z.ZodType,
  Rep extends z.ZodType = z.ZodType,
> = {
  readonly context: BoundedContext;
  readonly kind: RpcKind;
  readonly name: string;
  readonly request: Req;
  readonly reply: Rep;
  readonly messages: 'field' | 'user';
  readonly summary?: string;
};

/** What a caller sends (the request schema's input). */
export type RpcRequestOf<C extends RpcContract> = z.input<C['request']>;
/** What the handler receives (the request schema's output, after parsing). */
export type RpcPayloadOf<C extends RpcContract> = z.output<C['request']>;
/** What the handler answers and the caller receives. */
export type RpcReplyOf<C extends RpcContract> = z.output<C['reply']>;

/** Declares one RPC: `defineRpc({ context: 'practices', kind: 'cmd', name: 'createPractice', request, reply })`. */
export function defineRpc<Req extends z.ZodType, Rep extends z.ZodType>(def: {
  context: BoundedContext;
  kind: RpcKind;
  name: string;
  request: Req;
  reply: Rep;
  messages?: 'field' | 'user';
  summary?: string;
}): RpcContract<Req, Rep> {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(def.name)) throw new Error(`an RPC name is one word of letters and digits (got '${def.name}')`);
  return Object.freeze({ ...def, messages: def.messages ?? 'field' });
}

/**
 * Declares the RPCs of one context, each under its key: `defineRpcs('notifications', { list: { kind: 'qry', request, reply } })`
 * is `notifications.qry.list`; `name` gives the subject's name when it differs from the key.
 */
export function defineRpcs<const T extends Record<string, { kind: RpcKind; name?: string; request: z.ZodType; reply: z.ZodType; messages?: 'field' | 'user'; summary?: string }>>(
  context: BoundedContext,
  defs: T,
): { readonly [K in keyof T]: RpcContract<T[K]['request'], T[K]['reply']> } {
  return Object.freeze(
    Object.fromEntries(Object.entries(defs).map(([key, d]) => [key, defineRpc({ context, ...d, name: d.name ?? key })])),
  ) as { readonly [K in keyof T]: RpcContract<T[K]['request'], T[K]['reply']> };
}

/** The subject of a contract under a prefix's subjects: `<prefix.>context.kind.name`. */
export function rpcSubject(subjects: Subjects, contract: Pick<RpcContract, 'context' | 'kind' | 'name'>): string {
  return contract.kind === 'cmd' ? subjects.cmd(contract.context, contract.name) : subjects.qry(contract.context, contract.name);
}

type Assignable<A, B> = [A] extends [B] ? true : false;
type SameShape<A, B> = Assignable<A, B> extends true ? Assignable<B, A> : false;

/**
 * The zod schema of an existing TypeScript type: `schemaOf<SignedInUser>()(z.object({ ... }))`
 * refuses (at compile time) a schema that does not parse to exactly that type, so the type and
 * the schema that checks replies cannot drift apart.
 */
export function schemaOf<T>() {
  return <S extends z.ZodType>(schema: S, ..._sameShape: SameShape<z.output<S>, T> extends true ? [] : ['the schema does not match the type']): S => schema;
}
