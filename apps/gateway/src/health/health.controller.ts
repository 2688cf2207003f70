import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { BOUNDED_CONTEXTS } from '@app/contracts';
import { subjects } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { GATEWAY_NATS, GATEWAY_PG } from '../infra.providers';
import { RpcClient } from '../rpc/rpc-client.service';

type Check = { status: 'up' | 'down'; detail?: string };

async function check(fn: () => Promise<unknown>, timeoutMs = 2000): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up' };
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
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Health of Postgres, NATS, JetStream and every service; 503 when anything is down' })
  async health(@Res({ passthrough: true }) res: Response) {
    const [postgres, nats, jetstream, ...services] = await Promise.all([
      check(() => this.pg.query('SELECT 1')),
      check(async () => {
        if (this.nc.isClosed()) throw new Error('connection closed');
        await this.nc.flush();
      }),
      check(async () => {
        const jsm = await this.nc.jetstreamManager();
        await jsm.getAccountInfo();
      }),
      ...BOUNDED_CONTEXTS.map((c) =>
        check(async () => {
          const r = await this.rpc.query<{ status: string }>(c, 'health', {}, 2000);
          if (r.status !== 'up') throw new Error(`reports ${r.status}`);
        }, 2500),
      ),
    ]);
    const serviceChecks = Object.fromEntries(BOUNDED_CONTEXTS.map((c, i) => [c, services[i]]));
    const all = [postgres, nats, jetstream, ...services];
    const status = all.every((c) => c.status === 'up') ? 'up' : 'down';
    res.status(status === 'up' ? 200 : 503);
    return { status, checks: { postgres, nats, jetstream, services: serviceChecks }, eventStream: subjects().eventStream };
  }
}
