import type { z } from 'zod';
import type { BoundedContext } from '../subjects';

/**
 * One integration event of the catalogue: where it is published (`events.<context>.<name>`),
 * its contract version (the CloudEvents type is `<context>.<name>.v<version>`), what it means,
 * and the zod schema of its `data`. The schema is the contract's parser for consumers and the
 * source of the AsyncAPI document's payload; `defineEvent<T>()` refuses (at compile time) a
 * schema whose parsed type is not exactly the event's TypeScript type `T`.
 */
export type CatalogueEvent = {
  context: BoundedContext;
  name: string;
  version: number;
  summary: string;
  schema: z.ZodType;
};

type Assignable<A, B> = [A] extends [B] ? true : false;
type SameShape<A, B> = Assignable<A, B> extends true ? Assignable<B, A> : false;

/** `defineEvent<AccountRegisteredV1>()({ ... schema })`: the schema must parse to exactly that type. */
export function defineEvent<T>() {
  return <S extends z.ZodType>(
    event: Omit<CatalogueEvent, 'schema'> & { schema: S },
    ..._sameShape: SameShape<z.output<S>, T> extends true ? [] : ['the schema does not match the event type']
  ): CatalogueEvent & { schema: S } => event;
}
