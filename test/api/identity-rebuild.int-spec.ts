import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { EventPipeline } from '@app/nest-kit';
import { startTestSystem, type TestSystem } from '../support/system';
import { db, registerAccount, signIn } from '../support/identity';

/**
 * Rebuilding a read model does not take it away: the replay goes into a shadow copy
 * while the live table keeps serving, and the two are swapped in one transaction.
 */
let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'idrebuild', contexts: ['identity'] });
  pg = await db(sys);
});
afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('rebuilding the sessions read model', () => {
  it('keeps a signed-in user signed in throughout, and ends with the same sessions', async () => {
    // History the replay has to go through before it reaches the user's sign-in.
    await pg.query(
      `INSERT INTO identity.events (stream_id, stream_version, event_id, type, data)
       SELECT 'noise-' || g, 1, gen_random_uuid(), 'Noise', '{}'::jsonb FROM generate_series(1, 30000) g`,
    );
    const runner = sys.services.get('identity')!.get(EventPipeline).runner;
    await runner.catchUp();
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    const other = await registerAccount(sys);
    const { token: signedOut } = await signIn(sys, other);
    await request(sys.baseUrl).post('/api/v1/users/logout').set('Authorization', `Bearer ${signedOut}`).expect(200);
    const before = (await pg.query(`SELECT id, account_id, revoked_at, revoked_reason FROM identity.sessions ORDER BY id`)).rows;

    // The signed-in user keeps asking throughout, and asks again at every batch of the replay
    // (those asks start while the shadow copy is being filled, however fast the replay goes).
    let done = false;
    const answers: number[] = [];
    const probe = (async () => {
      while (!done) answers.push((await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`)).status);
    })();
    const duringReplay: Array<Promise<number>> = [];
    const progress: number[] = [];
    const result = await runner.rebuild('sessions', {
      onProgress: (p) => {
        progress.push(p.processed);
        duringReplay.push(
          request(sys.baseUrl)
            .post('/api/v1/users/isSignedIn')
            .set('Authorization', `Bearer ${token}`)
            .then((res) => res.status),
        );
      },
    });
    done = true;
    await probe;
    answers.push(...(await Promise.all(duringReplay)));

    expect(result.processed).toBe(result.total);
    expect(result.processed).toBeGreaterThan(30000);
    expect(progress.length).toBeGreaterThan(3); // several batches, an ask started in each
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    // Same rows after the swap, the checkpoint moved to the live name, no shadow left behind.
    expect((await pg.query(`SELECT id, account_id, revoked_at, revoked_reason FROM identity.sessions ORDER BY id`)).rows).toEqual(before);
    const { rows: checkpoints } = await pg.query(`SELECT name FROM identity.checkpoints WHERE name LIKE 'sessions%' ORDER BY name`);
    expect(checkpoints.map((r) => r.name)).toEqual(['sessions']);
    const { rows: shadow } = await pg.query(`SELECT to_regclass('identity_rebuild.sessions') AS t`);
    expect(shadow[0].t).toBeNull();
    // The live projection goes on into the swapped-in table: a logout after the rebuild revokes.
    await request(sys.baseUrl).post('/api/v1/users/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('rebuilds the accounts read model the same way: profiles keep answering', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    const before = (await pg.query(`SELECT * FROM identity.accounts ORDER BY id`)).rows;
    const runner = sys.services.get('identity')!.get(EventPipeline).runner;
    let done = false;
    const answers: number[] = [];
    const probe = (async () => {
      while (!done) answers.push((await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`)).status);
    })();
    await runner.rebuild('accounts');
    done = true;
    await probe;
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    const after = (await pg.query(`SELECT * FROM identity.accounts ORDER BY id`)).rows;
    expect(after.map((r) => ({ ...r, updated_at: null }))).toEqual(before.map((r) => ({ ...r, updated_at: null })));
  });

  // Needs `npm run build`: the service is started as the operator would, from dist/.
  it('refuses to start on checkpoints ahead of the store, naming them and the reset; after the reset it rebuilds', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    await sys.services.get('identity')!.close();
    sys.services.delete('identity');
    // As after restoring an older dump under newer checkpoints.
    await pg.query(`UPDATE identity.checkpoints SET global_position = global_position + 1000000 WHERE name = 'accounts'`);
    await pg.query(`DELETE FROM identity.events WHERE stream_id = 'noise-1'`); // the store changed under the read models
    const env = { ...process.env, ...sys.env, LOG_LEVEL: 'info' };
    const refused = spawnSync(process.execPath, ['dist/apps/identity/src/main.js'], { env, encoding: 'utf8', timeout: 60_000 });
    const output = `${refused.stdout}${refused.stderr}`;
    expect(refused.status).toBe(1);
    expect(output).toContain('Refusing to start');
    expect(output).toMatch(/'accounts' at \(\d+, \d+\) is past the newest event/);
    expect(output).toContain('node dist/libs/event-store/src/reset-checkpoints.js identity');

    const reset = spawnSync(process.execPath, ['dist/libs/event-store/src/reset-checkpoints.js', 'identity'], { env, encoding: 'utf8' });
    expect(reset.status).toBe(0);
    expect(reset.stdout).toContain('reset the checkpoints of "identity"');
    // A read model row no event explains: the rebuild after the reset must not keep it.
    await pg.query(
      `INSERT INTO identity.accounts (id, user_name, user_name_lower, email, email_lower, display_name, registered_at, updated_at)
       VALUES (gen_random_uuid(), 'ghost', 'ghost', 'ghost@example.test', 'ghost@example.test', 'Ghost', now(), now())`,
    );

    const { bootstrapDomainService } = await import('@app/nest-kit');
    const { IdentityModule } = await import('../../apps/identity/src/identity.module');
    const { identityStorage } = await import('../../apps/identity/src/storage');
    sys.services.set('identity', await bootstrapDomainService({ context: 'identity', module: IdentityModule, storage: identityStorage }));
    await sys.services.get('identity')!.get(EventPipeline).runner.catchUp();
    expect((await pg.query(`SELECT count(*)::int AS n FROM identity.accounts WHERE user_name = 'ghost'`)).rows[0].n).toBe(0);
    await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`).expect(200);
  });
});
