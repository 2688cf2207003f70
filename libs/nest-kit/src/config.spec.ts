import { ConfigError, assertEventStoreConfig, loadConfig, serviceConfigSchema } from './config';

const load = (env: Record<string, string>) => loadConfig(serviceConfigSchema('practices'), env);
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('EVENT_STORE, per service', () => {
  it('defaults to postgres, which the services run on', () => {
    const config = load({});
    expect(config.EVENT_STORE).toBe('postgres');
    expect(assertEventStoreConfig(config, 'practices')).toBe('postgres');
  });

  it('refuses another value, naming the variable', () => {
    const err = failure(() => load({ EVENT_STORE: 'mongodb' }));
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain("EVENT_STORE: must be 'postgres' or 'kurrentdb'");
  });

  it('kurrentdb needs KURRENTDB_URL, a kurrentdb:// connection string', () => {
    const missing = failure(() => assertEventStoreConfig(load({ EVENT_STORE: 'kurrentdb' }), 'practices'));
    expect(missing).toBeInstanceOf(ConfigError);
    expect((missing as Error).message).toContain('KURRENTDB_URL: is required when EVENT_STORE=kurrentdb');
    const malformed = failure(() => load({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'http://localhost:2113' }));
    expect((malformed as Error).message).toContain('KURRENTDB_URL: must be a kurrentdb:// connection string');
  });

  it('kurrentdb with its URL runs the five domain services (practices, notifications, directory, messaging, credentialing, identity)', () => {
    const config = load({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://admin:changeit@localhost:2113?tls=false' });
    expect(assertEventStoreConfig(config, 'practices')).toBe('kurrentdb');
    for (const service of ['notifications', 'directory', 'messaging', 'credentialing', 'identity']) expect(assertEventStoreConfig(config, service)).toBe('kurrentdb');
  });

  it('kurrentdb with its URL stops a service that has no KurrentDB support, naming the variable', () => {
    const config = load({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://admin:changeit@localhost:2113?tls=false' });
    const err = failure(() => assertEventStoreConfig(config, 'billing'));
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain('EVENT_STORE: the billing service cannot run on kurrentdb');
  });
});

describe('NATS_REPLICAS', () => {
  it('is 1 on a single server unless set, the number set for a cluster, and refused out of range', async () => {
    const { natsReplicas, baseConfigSchema, loadConfig } = await import('./config');
    expect(natsReplicas({})).toBe(1);
    expect(natsReplicas({ NATS_REPLICAS: '3' })).toBe(3);
    expect(loadConfig(baseConfigSchema, {}).NATS_REPLICAS).toBe(1);
    expect(loadConfig(baseConfigSchema, { NATS_REPLICAS: '3' }).NATS_REPLICAS).toBe(3);
    expect(() => loadConfig(baseConfigSchema, { NATS_REPLICAS: '7' })).toThrow(/NATS_REPLICAS/);
  });
});
