import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { db, registerAccount } from '../support/identity';

/** Email through nodemailer to a real SMTP server on loopback (SMTP_URL), not the dev outbox. */
type Received = { from: string; to: string[]; raw: string };

let sys: TestSystem;
let smtp: SMTPServer;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  sys = await startTestSystem({
    label: 'idsmtp',
    contexts: ['identity'],
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Credentialing Suite <no-reply@clinic.test>' },
  });
});
afterAll(async () => {
  await sys?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('sends a temporary password by SMTP, and the password is reset with it', async () => {
  const account = await registerAccount(sys, { email: 'Mail.User@clinic.test' });
  await request(sys.baseUrl).post('/api/v1/users/sendTempPassword').send({ email: 'mail.user@clinic.test' }).expect(200, { success: true, isEmailInvalid: false });

  expect(inbox).toHaveLength(1);
  const mail = inbox[0];
  expect(mail.from).toBe('no-reply@clinic.test');
  expect(mail.to).toEqual(['Mail.User@clinic.test']);
  expect(mail.raw).toMatch(/^Subject: .*temporary password/im);
  const temp = /temporary password is ([A-Za-z0-9]{12})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
  expect(temp).toBeDefined();

  // Nothing went to the development outbox; the temporary password is stored hashed only.
  const pg = await db(sys);
  try {
    expect(await pg.count('dev_outbox')).toBe(0);
    const { rows } = await pg.query(`SELECT secret_hash FROM identity.one_time_secrets WHERE purpose = 'temporary-password'`);
    expect(rows[0].secret_hash).toMatch(/^\$argon2id\$/);
    const events = await pg.query('SELECT data::text AS d FROM identity.events');
    expect(events.rows.map((r) => r.d).join('\n')).not.toContain(temp!);
  } finally {
    await pg.end();
  }

  await request(sys.baseUrl)
    .post('/api/v1/users/resetPassword')
    .field('email', account.email)
    .field('tempPassword', temp!)
    .field('newPassword', 'Saffron-Glacier-31')
    .field('confirmNewPassword', 'Saffron-Glacier-31')
    .expect(200, { success: true });
  const step1 = await request(sys.baseUrl).post('/api/v1/users/signIn').send({ usernameOrEmail: account.email, password: 'Saffron-Glacier-31' }).expect(200);
  expect(step1.body.phone).toMatch(/\d{4}$/);
});

it('answers 503 when the SMTP server is down', async () => {
  const account = await registerAccount(sys);
  const port = (smtp.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  try {
    const res = await request(sys.baseUrl).post('/api/v1/users/sendTempPassword').send({ email: account.email });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, message: 'Could not send the email: try again later', code: 'unavailable' });
  } finally {
    smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  }
});
