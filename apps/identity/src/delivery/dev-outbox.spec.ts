import type { Pool } from 'pg';
import { DevOutbox } from './dev-outbox';

describe('development outbox', () => {
  const fakePool = () => {
    const queries: string[] = [];
    return { queries, pool: { query: async (sql: string) => (queries.push(sql), { rows: [], rowCount: 0 }) } as unknown as Pool };
  };

  it('stores and lists outside production', async () => {
    const { pool, queries } = fakePool();
    const outbox = new DevOutbox(pool, false);
    await outbox.smsSender().send({ to: '(212) 736-5000', body: 'Your code is 123456' });
    await outbox.list();
    expect(queries.map((q) => q.split(' ').slice(0, 3).join(' '))).toEqual(['INSERT INTO dev_outbox', expect.stringMatching(/^SELECT/)]);
  });

  it('never writes or reads the table in production', async () => {
    const { pool, queries } = fakePool();
    const outbox = new DevOutbox(pool, true);
    await expect(outbox.smsSender().send({ to: '+12127365000', body: 'Your code is 123456' })).rejects.toThrow(/TWILIO_/);
    await expect(outbox.mailer().send({ to: 'a@b.test', subject: 's', text: 'Your code is 123456' })).rejects.toThrow(/SMTP_URL/);
    expect(await outbox.list()).toEqual([]);
    expect(queries).toEqual([]);
  });
});
