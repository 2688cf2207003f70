import { NodeTransport } from '@nats-io/transport-node/lib/node_transport';
import { coalesceNatsWrites } from './nats-writes';

/** A transport on a fake socket that records each write. */
function transport() {
  const writes: string[] = [];
  const socket = {
    write: (data: Uint8Array, done: (err?: Error) => void) => {
      writes.push(Buffer.from(data).toString('utf8'));
      done();
      return true;
    },
    removeAllListeners: () => undefined,
    destroy: () => undefined,
  };
  const t = new NodeTransport();
  Object.assign(t, { socket, connected: true, options: {} });
  return { t, writes };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));
const bytes = (s: string) => new TextEncoder().encode(s);

describe('coalesceNatsWrites', () => {
  beforeAll(() => coalesceNatsWrites({ force: true }));

  it('writes what one turn of the event loop handed over in one write, in order, at the end of the turn', async () => {
    const { t, writes } = transport();
    t.send(bytes('PUB a 1\r\n1\r\n'));
    await Promise.resolve(); // another microtask run of the same turn
    t.send(bytes('PUB b 1\r\n2\r\n'));
    t.send(bytes('PING\r\n'));
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual(['PUB a 1\r\n1\r\nPUB b 1\r\n2\r\nPING\r\n']);
    t.send(bytes('PUB c 1\r\n3\r\n'));
    await turn();
    expect(writes).toEqual(['PUB a 1\r\n1\r\nPUB b 1\r\n2\r\nPING\r\n', 'PUB c 1\r\n3\r\n']);
  });

  it('writes at once past 64 KiB waiting', async () => {
    const { t, writes } = transport();
    t.send(new Uint8Array(40 * 1024));
    t.send(new Uint8Array(30 * 1024));
    expect(writes.map((w) => w.length)).toEqual([70 * 1024]);
    t.send(bytes('PING\r\n'));
    await turn();
    expect(writes.at(-1)).toBe('PING\r\n');
  });

  it('writes what waits before the connection closes', async () => {
    const { t, writes } = transport();
    t.send(bytes('PUB last 1\r\nx\r\n'));
    await t.close();
    expect(writes[0]).toBe('PUB last 1\r\nx\r\n');
    await turn();
    expect(writes.filter((w) => w.includes('last'))).toHaveLength(1);
  });

  it('is installed once however often it is called', async () => {
    coalesceNatsWrites({ force: true });
    const { t, writes } = transport();
    t.send(bytes('PING\r\n'));
    await turn();
    expect(writes).toEqual(['PING\r\n']);
  });
});

describe('coalesceNatsWrites without force', () => {
  /** Whether a call in a fresh module registry (its own NodeTransport) patched `send`, with NATS_COALESCE_WRITES at `value`. */
  function installsWith(value: string | undefined): boolean {
    const before = process.env.NATS_COALESCE_WRITES;
    if (value === undefined) delete process.env.NATS_COALESCE_WRITES;
    else process.env.NATS_COALESCE_WRITES = value;
    try {
      let patched = false;
      jest.isolateModules(() => {
        const { NodeTransport: Fresh } = require('@nats-io/transport-node/lib/node_transport') as typeof import('@nats-io/transport-node/lib/node_transport');
        const { coalesceNatsWrites: install } = require('./nats-writes') as typeof import('./nats-writes');
        const send = Fresh.prototype.send;
        install();
        patched = Fresh.prototype.send !== send;
      });
      return patched;
    } finally {
      if (before === undefined) delete process.env.NATS_COALESCE_WRITES;
      else process.env.NATS_COALESCE_WRITES = before;
    }
  }

  it('is on by default, and off with NATS_COALESCE_WRITES=0', () => {
    expect(installsWith(undefined)).toBe(true);
    expect(installsWith('1')).toBe(true);
    expect(installsWith('0')).toBe(false);
  });
});
