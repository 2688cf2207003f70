import { z } from 'zod';
import { defineRpc, type RpcContract } from './rpc-contract';
import type { BoundedContext } from './subjects';

/** A read model or the relay as a service's health check reports it: events behind the store's head, and state. */
export const PipelineHealth = z.object({
  name: z.string(),
  state: z.enum(['running', 'failed', 'rebuilding']),
  lag: z.number(),
  failure: z.unknown().optional(),
});

/** `<context>.qry.health`: what every domain service answers the gateway's detailed health (signed-in administrators only). */
export const ServiceHealthReply = z.object({
  context: z.string(),
  status: z.enum(['up', 'degraded', 'down']),
  database: z.boolean(),
  nats: z.boolean(),
  projections: z.array(PipelineHealth),
  relay: PipelineHealth.optional(),
  uptimeSeconds: z.number(),
});
export type ServiceHealthReply = z.infer<typeof ServiceHealthReply>;

const HealthRequest = z.object({});
const contracts = new Map<BoundedContext, RpcContract<typeof HealthRequest, typeof ServiceHealthReply>>();

/** The health query of one service (the same contract object for the same context). */
export function healthRpc(context: BoundedContext) {
  let c = contracts.get(context);
  if (!c) contracts.set(context, (c = defineRpc({ context, kind: 'qry', name: 'health', request: HealthRequest, reply: ServiceHealthReply })));
  return c;
}
