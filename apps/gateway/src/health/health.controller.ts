import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { BOUNDED_CONTEXTS, healthRpc } from '@app/contracts';
import { Forbidden, currentContext, subjects } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { MasterAdminBootstrap } from '../bootstrap/master-admin.bootstrap';
import { GATEWAY_NATS, GATEWAY_PG } from '../infra.providers';
import { RpcClient } from '../rpc/rpc-client.service';

/** Readiness answers are reused for this long: a probe storm costs one evaluation per second. */
export const READY_CACHE_MS = 1000;

type HealthReport = { status: 'up' | 'degraded' | 'down'; checks: Record<string, unknown>; eventStream: string };

type Check = { status: 'up' | 'degraded' | 'down'; detail?: string; projections?: unknown[]; relay?: unknown };

/**
 * The first-run bootstrap as a readiness check: down while identity has not yet created (or
 * confirmed) the master admin, since nobody could sign in to administer the system; degraded
 * when identity refused it (the system works, the configured admin does not exist).
 */
export function masterAdminCheck(state: MasterAdminBootstrap['state']): Check {
  if (state.status === 'done') return { status: 'up' };
  if (state.status === 'rejected') return { status: 'degraded', detail: `identity refused the master admin: ${state.reason}` };
  return { status: 'down', detail: 'waiting for identity to create the master admin' };
}

async function check(fn: () => Promise<Partial<Check> | void>, timeoutMs = 2000): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const extra = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up', ...(extra ?? {}) };
  } catch (e) {
    return { status: 'down', detail: e instanceof Error ? e.message : String(e) };
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(GATEWAY_NATS) private readonly nc: NatsConnection,
    @Inject(GATEWAY_PG) private readonly pg: Pool,
    private readonly rpc: RpcClient,
    private readonly bootstrap: MasterAdminBootstrap,
  ) {}

  /** The last readiness evaluation, shared by every probe within READY_CACHE_MS. */
  private ready?: { at: number; result: Promise<HealthReport> };

  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (no I/O). Always 200 while it runs' })
  live() {
    return { status: 'up' };
  }

  @Public()
  @Get('ready')
  @ApiOperation({
    summary: `Readiness: 200 when Postgres, NATS, JetStream and every service answer and the master admin exists, 503 otherwise; evaluated at most once per ${READY_CACHE_MS} ms whatever the number of probes`,
  })
  async readiness(@Res({ passthrough: true }) res: Response) {
    if (!this.ready || Date.now() - this.ready.at >= READY_CACHE_MS) this.ready = { at: Date.now(), result: this.evaluate() };
    const { status } = await this.ready.result;
    res.status(status === 'down' ? 503 : 200);
    return { status };
  }

  @Get()
  @ApiOperation({
    summary:
      'Signed-in administrators: health of Postgres, NATS, JetStream and every service (each projection with its lag and state, the relay with its lag); 503 when anything is down, status "degraded" when a projection is stalled on an event',
  })
  async health(@Res({ passthrough: true }) res: Response) {
    const roles = currentContext()?.actor?.roles ?? [];
    if (!roles.includes('admin') && !roles.includes('masterAdmin')) throw new Forbidden('Only administrators may read the detailed health');
    const report = await this.evaluate();
    res.status(report.status === 'down' ? 503 : 200);
    return report;
  }

  private async evaluate(): Promise<HealthReport> {
    const [postgres, nats, jetstream, ...services] = await Promise.all([
      check(async () => void (await this.pg.query('SELECT 1'))),
      check(async () => {
        if (this.nc.isClosed()) throw new Error('connection closed');
        await this.nc.flush();
      }),
      check(async () => {
        const jsm = await jetstreamManager(this.nc);
        await jsm.getAccountInfo();
      }),
      ...BOUNDED_CONTEXTS.map((c) =>
        check(async () => {
          const r = await this.rpc.call(healthRpc(c), {}, 2000);
          if (r.status !== 'up' && r.status !== 'degraded') throw new Error(`reports ${r.status}`);
          const failed = (r.projections ?? []).filter((p) => p.state === 'failed').map((p) => p.name);
          return {
            status: r.status,
            ...(failed.length ? { detail: `projection(s) stalled: ${failed.join(', ')}` } : {}),
            projections: r.projections ?? [],
            ...(r.relay ? { relay: r.relay } : {}),
          } as Partial<Check>;
        }, 2500),
      ),
    ]);
    const serviceChecks = Object.fromEntries(BOUNDED_CONTEXTS.map((c, i) => [c, services[i]]));
    const masterAdmin = masterAdminCheck(this.bootstrap.state);
    const all = [postgres, nats, jetstream, masterAdmin, ...services];
    // 503 when something is down; a stalled projection (the service still answers, one read
    // model is getting old) is 'degraded' with 200, and the service's check names it.
    const status = all.some((c) => c.status === 'down') ? 'down' : all.some((c) => c.status === 'degraded') ? 'degraded' : 'up';
    return { status, checks: { postgres, nats, jetstream, masterAdmin, services: serviceChecks }, eventStream: subjects().eventStream };
  }
}
