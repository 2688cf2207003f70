/**
 * Chat end to end through the gateway: every call of the spec's Chat table, the server's rules
 * (participants only, the group's creator only, the caller is the signed-in user), files only
 * for a room's participants, paged history, full-text search, the chat badge, what leaves
 * messaging as integration events, and live pushes through NATS to whichever gateway holds the
 * recipient's socket. People are made known to messaging the way identity announces them
 * (AccountRegistered on the event stream); tokens are signed for a live identity session row.
 */
import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { headers, type Subscription } from '@nats-io/transport-node';
import type { RealtimeEventName } from '@app/contracts';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { filesUnder } from '../support/upload-dir';

let sys: TestSystem;
let pg: Client;
let js: JetStreamClient;
let sign: (claims: { sub: string; sid: string; userName: string; roles: string[] }) => string;
const extraGateways: NestExpressApplication[] = [];
const now = () => new Date().toISOString();

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// A Windows executable's header, whatever its name says.
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);

beforeAll(async () => {
  sys = await startTestSystem({ label: 'chat', contexts: ['identity', 'messaging'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  js = jetstream(sys.nc);
  const { TokenService } = await import('../../apps/gateway/src/auth/token.service');
  const tokens = sys.gateway.get(TokenService);
  sign = (claims) => tokens.sign(claims);
  const jsm = await jetstreamManager(sys.nc);
  await eventually(() => jsm.streams.info(`${sys.prefix.replace(/-/g, '_').toUpperCase()}_EVENTS`), { timeoutMs: 20_000 });
});

afterAll(async () => {
  for (const g of extraGateways) await g.close().catch(() => undefined);
  await pg?.end();
  await sys?.stop();
});

type User = { id: string; userName: string; displayName: string; token: string };

/** A person messaging knows (identity's AccountRegistered) with a live session and its token. */
async function user(userName: string, displayName = userName[0].toUpperCase() + userName.slice(1)): Promise<User> {
  const id = randomUUID();
  const ce = {
    specversion: '1.0',
    id: randomUUID(),
    source: '/identity',
    type: 'identity.AccountRegistered.v1',
    subject: `account-${id}`,
    time: now(),
    datacontenttype: 'application/json',
    data: { accountId: id, userName, email: `${userName}@example.test`, displayName, roles: { isAdmin: false, isProvider: false, isMasterAdmin: false, isAuditor: false }, registeredAt: now() },
  };
  const h = headers();
  h.set('Content-Type', 'application/cloudevents+json; charset=utf-8');
  await js.publish(`${sys.prefix}.events.identity.AccountRegistered`, new TextEncoder().encode(JSON.stringify(ce)), { msgID: ce.id, headers: h });
  const sid = randomUUID();
  await pg.query(`INSERT INTO identity.sessions (id, account_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 hour')`, [sid, id]);
  await eventually(async () => {
    const { rowCount } = await pg.query('SELECT 1 FROM messaging.chat_users WHERE id = $1 AND user_name = $2', [id, userName]);
    expect(rowCount).toBe(1);
  });
  return { id, userName, displayName, token: sign({ sub: id, sid, userName, roles: [] }) };
}

const post = (u: User | null, path: string, body: Record<string, unknown> = {}, baseUrl = sys.baseUrl) => {
  const r = request(baseUrl).post(`/api/users/${path}`);
  if (u) r.set('Authorization', `Bearer ${u.token}`);
  return r.send(body);
};
const get = (u: User | null, path: string, baseUrl = sys.baseUrl) => {
  const r = request(baseUrl).get(path.startsWith('/') ? path : `/api/users/${path}`);
  if (u) r.set('Authorization', `Bearer ${u.token}`);
  return r;
};

async function dm(a: User, b: User): Promise<string> {
  const res = await post(a, 'initiateChat', { senderId: a.id, recipientId: b.id, recipientUserName: b.userName }).expect(200);
  return res.body.newDm._id as string;
}
const say = (u: User, dmId: string, msg: string, extra: Record<string, unknown> = {}) =>
  post(u, 'postMessage', { dmId, senderId: u.id, senderDisplayName: u.displayName, senderUserName: u.userName, msg, isImage: false, isDocument: false, ...extra });

async function startGateway(): Promise<string> {
  const { loadGatewayConfig } = await import('../../apps/gateway/src/config');
  const { createGatewayApp } = await import('../../apps/gateway/src/create-app');
  const app = await createGatewayApp(loadGatewayConfig());
  await app.listen(0, '127.0.0.1');
  extraGateways.push(app);
  return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
}

type Received = Array<{ event: RealtimeEventName; data: any }>;
function connectSocket(baseUrl: string, token: string): Promise<{ socket: Socket; received: Received }> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, timeout: 5000 });
    const received: Received = [];
    socket.onAny((event: RealtimeEventName, data: unknown) => received.push({ event, data }));
    socket.once('connect', () => resolve({ socket, received }));
    socket.once('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });
}
const waitFor = (received: Received, event: RealtimeEventName, pred: (d: any) => boolean = () => true) =>
  eventually(() => {
    const hit = received.find((r) => r.event === event && pred(r.data));
    expect(hit).toBeTruthy();
    return hit!.data;
  });

describe('direct messages', () => {
  let ann: User, bob: User, eve: User;
  let dmId: string;
  beforeAll(async () => {
    [ann, bob, eve] = await Promise.all([user('ann'), user('bob'), user('eve')]);
  });

  it('asks for a signed-in user on every call', async () => {
    for (const path of ['getChats', 'getChatRoom', 'initiateChat', 'deleteChat', 'postMessage', 'markMessageAsRead', 'getGroupChats', 'getGroupChatRoom', 'initiateGroupChat', 'updateGroupChat', 'postGroupChatMessage', 'getChatMessages']) {
      await post(null, path, {}).expect(401);
    }
    await get(null, 'searchChats?searchTerm=hello').expect(401);
  });

  it('starts a DM once per pair; with oneself nothing happens', async () => {
    const first = await post(ann, 'initiateChat', { senderId: ann.id, recipientId: bob.id, recipientUserName: 'bob' }).expect(200);
    expect(first.body.newDm).toMatchObject({
      senderId: ann.id,
      senderUserName: 'ann',
      senderDisplayName: 'Ann',
      recipientId: bob.id,
      recipientUserName: 'bob',
      recipientDisplayName: 'Bob',
      messages: [],
      unread: 0,
    });
    dmId = first.body.newDm._id;
    const again = await post(bob, 'initiateChat', { recipientId: ann.id }).expect(200);
    expect(again.body.newDm._id).toBe(dmId);
    expect(again.body.existing).toBe(true);
    const self = await post(ann, 'initiateChat', { recipientId: ann.id }).expect(200);
    expect(self.body.newDm).toBeNull();
    expect((await post(ann, 'getChats', { userId: ann.id }).expect(200)).body.chats.map((c: any) => c._id)).toEqual([dmId]);
  });

  it('refuses bad input with the field named, and unknown people', async () => {
    const bad = await post(ann, 'initiateChat', { recipientId: 'not-an-id' }).expect(400);
    expect(JSON.stringify(bad.body)).toMatch(/recipientId/);
    await post(ann, 'initiateChat', { recipientId: randomUUID() }).expect(404);
    const empty = await say(ann, dmId, '   ').expect(400);
    expect(JSON.stringify(empty.body)).toMatch(/msg/);
    await say(ann, dmId, 'x'.repeat(5001)).expect(400);
  });

  it('posts as the signed-in user whatever senderId the body says, and counts unread for the other', async () => {
    const res = await say(ann, dmId, 'Hello Bob', { senderId: eve.id, senderUserName: 'eve', senderDisplayName: 'Eve' }).expect(200);
    expect(res.body.dmId).toBe(dmId);
    expect(res.body.msg).toMatchObject({ msg: 'Hello Bob', senderId: ann.id, senderUserName: 'ann', senderDisplayName: 'Ann', isImage: false, isDocument: false, status: 'Unread' });
    const bobs = await post(bob, 'getChats', { userId: bob.id }).expect(200);
    expect(bobs.body.chats).toEqual([expect.objectContaining({ _id: dmId, unread: 1, messages: [expect.objectContaining({ msg: 'Hello Bob' })] })]);
    const anns = await post(ann, 'getChats', {}).expect(200);
    expect(anns.body.chats[0].unread).toBe(0);
  });

  it('keeps a script tag as text, never as markup', async () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await say(bob, dmId, evil).expect(200);
    const room = await post(ann, 'getChatRoom', { chatId: dmId, userName: 'ann' }).expect(200);
    expect(room.headers['content-type']).toMatch(/application\/json/);
    expect(room.body.chat.messages.at(-1).msg).toBe(evil);
  });

  it('lets only participants read or post (403 for anyone else), and opening reads it', async () => {
    await post(eve, 'getChatRoom', { chatId: dmId }).expect(403);
    await post(eve, 'getChatMessages', { chatId: dmId }).expect(403);
    await say(eve, dmId, 'let me in').expect(403);
    await post(eve, 'deleteChat', { chatId: dmId }).expect(403);
    await post(eve, 'getChatRoom', { chatId: randomUUID() }).expect(404);
    const room = await post(bob, 'getChatRoom', { chatId: dmId, userName: 'bob' }).expect(200);
    expect(room.body.chat).toMatchObject({ _id: dmId, unread: 0 });
    expect(room.body.chat.messages.map((m: any) => m.msg)).toEqual(['Hello Bob', expect.stringContaining('<script>')]);
    expect((await post(bob, 'getChats', {}).expect(200)).body.chats[0].unread).toBe(0);
  });

  it('marks a message read', async () => {
    const sent = await say(ann, dmId, 'read me').expect(200);
    expect((await post(bob, 'getChats', {}).expect(200)).body.chats[0].unread).toBe(1);
    await post(bob, 'markMessageAsRead', { dmId, msgId: sent.body.msg._id }).expect(200, { success: true, unread: 0 });
    expect((await post(bob, 'getChats', {}).expect(200)).body.chats[0].unread).toBe(0);
    await post(bob, 'markMessageAsRead', { dmId, msgId: 'nope' }).expect(400);
  });

  it('deletes a DM from one list; the next message brings it back with unread 1', async () => {
    await post(bob, 'deleteChat', { userId: bob.id, chatId: dmId }).expect(200, { success: true, chatId: dmId });
    expect((await post(bob, 'getChats', {}).expect(200)).body.chats).toEqual([]);
    expect((await post(ann, 'getChats', {}).expect(200)).body.chats).toHaveLength(1);
    await say(ann, dmId, 'are you there?').expect(200);
    const back = await post(bob, 'getChats', {}).expect(200);
    expect(back.body.chats).toEqual([expect.objectContaining({ _id: dmId, unread: 1 })]);
  });

  it('sets the chat badge on a new message and clears it on request', async () => {
    await get(bob, 'chatIconBadge').expect(200, { showChatIconBadge: true });
    await post(bob, 'resetChatIconBadge').expect(200, { success: true, showChatIconBadge: false });
    await get(bob, 'chatIconBadge').expect(200, { showChatIconBadge: false });
    // One's own message does not light one's own badge.
    await say(bob, dmId, 'yes').expect(200);
    await get(bob, 'chatIconBadge').expect(200, { showChatIconBadge: false });
    await get(ann, 'chatIconBadge').expect(200, { showChatIconBadge: true });
  });

  it('pages the history back from a message id, newest last', async () => {
    const [cat, dan] = await Promise.all([user('cat'), user('dan')]);
    const id = await dm(cat, dan);
    const sent: string[] = [];
    for (let i = 1; i <= 120; i++) sent.push((await say(i % 2 ? cat : dan, id, `message ${i}`).expect(200)).body.msg._id);
    const room = await post(dan, 'getChatRoom', { chatId: id }).expect(200);
    expect(room.body.chat.messages.map((m: any) => m.msg)).toEqual(Array.from({ length: 50 }, (_, i) => `message ${i + 71}`));
    expect(room.body.chat.hasMore).toBe(true);
    const older = await post(dan, 'getChatMessages', { chatId: id, before: room.body.chat.messages[0]._id }).expect(200);
    expect(older.body.messages.map((m: any) => m.msg)).toEqual(Array.from({ length: 50 }, (_, i) => `message ${i + 21}`));
    expect(older.body.hasMore).toBe(true);
    const oldest = await post(dan, 'getChatMessages', { chatId: id, before: older.body.messages[0]._id, limit: 100 }).expect(200);
    expect(oldest.body.messages.map((m: any) => m._id)).toEqual(sent.slice(0, 20));
    expect(oldest.body.hasMore).toBe(false);
    await post(dan, 'getChatMessages', { chatId: id, limit: 101 }).expect(400);
    await post(dan, 'getChatMessages', { chatId: id, before: randomUUID() }).expect(404);
    // The page is an index range on (chat_id, seq), not a scan of the room.
    await pg.query('SET enable_seqscan = off');
    const plan = await pg.query(
      `EXPLAIN SELECT * FROM messaging.chat_messages WHERE chat_id = $1 AND seq < 70 ORDER BY seq DESC LIMIT 50`,
      [id],
    );
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/chat_messages_chat_seq/);
    await pg.query('RESET enable_seqscan');
  });
});

describe('group chats', () => {
  let gus: User, hal: User, ivy: User, joe: User;
  let groupId: string;
  beforeAll(async () => {
    [gus, hal, ivy, joe] = await Promise.all([user('gus'), user('hal'), user('ivy'), user('joe')]);
  });

  it('creates a group with the caller as creator; the shown count is members plus 1', async () => {
    const res = await post(gus, 'initiateGroupChat', { title: 'Cardiology', creatorId: joe.id, members: [hal.id, ivy.id] }).expect(200);
    expect(res.body.newGroupChat).toMatchObject({
      title: 'Cardiology',
      creatorId: gus.id,
      members: [hal.id, ivy.id],
      memberCount: 3,
      chatCreatorUseName: 'gus',
      chatCreatorDisplayName: 'Gus',
      messages: [],
      unread: 0,
    });
    groupId = res.body.newGroupChat._id;
    for (const u of [gus, hal, ivy]) {
      expect((await post(u, 'getGroupChats', { userId: u.id, userName: u.userName }).expect(200)).body.groupChats.map((g: any) => g._id)).toEqual([groupId]);
    }
    expect((await post(joe, 'getGroupChats', {}).expect(200)).body.groupChats).toEqual([]);
    await post(gus, 'initiateGroupChat', { title: '', members: [] }).expect(400);
    await post(gus, 'initiateGroupChat', { title: 'x', members: [randomUUID()] }).expect(400);
  });

  it('lets participants post and read, nobody else', async () => {
    const res = await post(hal, 'postGroupChatMessage', { chatId: groupId, senderId: gus.id, senderUserName: 'gus', msg: 'Rounds at 9', isImage: false, isDocument: false }).expect(200);
    expect(res.body).toMatchObject({ chatId: groupId, msg: { msg: 'Rounds at 9', senderId: hal.id, senderUserName: 'hal' } });
    const forIvy = await post(ivy, 'getGroupChats', {}).expect(200);
    expect(forIvy.body.groupChats[0].unread).toBe(1);
    const room = await post(ivy, 'getGroupChatRoom', { chatId: groupId, userName: 'ivy', userId: ivy.id }).expect(200);
    expect(room.body.chat).toMatchObject({ _id: groupId, unread: 0, messages: [expect.objectContaining({ msg: 'Rounds at 9' })] });
    await post(joe, 'getGroupChatRoom', { chatId: groupId }).expect(403);
    await post(joe, 'postGroupChatMessage', { chatId: groupId, msg: 'hi' }).expect(403);
  });

  it('lets only the creator rename it or change members', async () => {
    await post(hal, 'updateGroupChat', { chatId: groupId, title: 'Hijacked', members: [hal.id, ivy.id] }).expect(403);
    await post(joe, 'updateGroupChat', { chatId: groupId, title: 'Hijacked', members: [joe.id] }).expect(403);
    expect((await post(ivy, 'getGroupChatRoom', { chatId: groupId }).expect(200)).body.chat.title).toBe('Cardiology');
    const res = await post(gus, 'updateGroupChat', { chatId: groupId, title: 'Cardiology team', members: [hal.id, joe.id] }).expect(200);
    expect(res.body.chat).toMatchObject({ title: 'Cardiology team', members: [hal.id, joe.id], memberCount: 3 });
    await post(ivy, 'getGroupChatRoom', { chatId: groupId }).expect(403);
    expect((await post(joe, 'getGroupChats', {}).expect(200)).body.groupChats.map((g: any) => g.title)).toEqual(['Cardiology team']);
  });
});

describe('files', () => {
  let kim: User, lee: User, max: User;
  let dmId: string;
  beforeAll(async () => {
    [kim, lee, max] = await Promise.all([user('kim'), user('lee'), user('max')]);
    dmId = await dm(kim, lee);
  });
  const upload = (u: User, chatId: string, content: Buffer, filename: string) =>
    request(sys.baseUrl).post('/api/users/uploadChatFile').set('Authorization', `Bearer ${u.token}`).field('chatId', chatId).attach('file', content, filename);

  it('stores an image for a room, posts it, and serves it only to participants', async () => {
    const up = await upload(kim, dmId, PNG, 'scan.png').expect(200);
    expect(up.body).toMatchObject({ success: true, originalFileName: 'scan.png', isImage: true, isDocument: false });
    expect(up.body.fileUrl).toMatch(new RegExp(`^/api/users/chatFiles/${dmId}/[a-f0-9]{32}\\.png$`));
    const sent = await say(kim, dmId, up.body.fileUrl, { isImage: true, originalFileName: 'scan.png' }).expect(200);
    expect(sent.body.msg).toMatchObject({ msg: up.body.fileUrl, isImage: true, originalFileName: 'scan.png' });
    const file = await get(lee, up.body.fileUrl).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    // The same link in a stranger's hands, or without a session.
    await get(max, up.body.fileUrl).expect(403);
    await get(null, up.body.fileUrl).expect(401);
    const before = filesUnder(sys.env.UPLOAD_DIR);
    await upload(max, dmId, PNG, 'x.png').expect(403);
    expect(filesUnder(sys.env.UPLOAD_DIR)).toEqual(before);
  });

  it('refuses an executable renamed .pdf, decided by content', async () => {
    const res = await upload(kim, dmId, EXE, 'report.pdf').expect(400);
    expect(JSON.stringify(res.body)).toMatch(/file/i);
  });

  it('does not take a file message that points at another room or outside', async () => {
    const other = await dm(kim, max);
    const up = await upload(kim, other, PNG, 'elsewhere.png').expect(200);
    await say(kim, dmId, up.body.fileUrl, { isImage: true, originalFileName: 'elsewhere.png' }).expect(400);
    await say(kim, dmId, 'javascript:alert(1)', { isDocument: true, originalFileName: 'a.pdf' }).expect(400);
  });
});

describe('search', () => {
  it("finds the caller's chats by counterpart, group title and the words of readable messages only", async () => {
    const [nia, oli, pat, quinn] = await Promise.all([user('nia', 'Nia Moreau'), user('oli', 'Oliver Grant'), user('pat'), user('quinn')]);
    const dmId = await dm(nia, oli);
    await say(oli, dmId, 'The echocardiogram results are ready').expect(200);
    const g = await post(nia, 'initiateGroupChat', { title: 'Radiology huddle', members: [pat.id] }).expect(200);
    const strangers = await dm(pat, quinn);
    await say(pat, strangers, 'echocardiogram for someone else').expect(200);

    const byWord = await get(nia, 'searchChats?searchTerm=echocardio').expect(200);
    expect(byWord.body.chats).toEqual([{ _id: dmId, messageIds: [expect.any(String)] }]);
    expect(byWord.body.groupChats).toEqual([]);
    const byName = await get(nia, `searchChats?searchTerm=${encodeURIComponent('oliver')}`).expect(200);
    expect(byName.body.chats.map((c: any) => c._id)).toEqual([dmId]);
    const byTitle = await get(nia, 'searchChats?searchTerm=radiology').expect(200);
    expect(byTitle.body.groupChats.map((c: any) => c._id)).toEqual([g.body.newGroupChat._id]);
    const forQuinn = await get(quinn, 'searchChats?searchTerm=echocardiogram').expect(200);
    expect(forQuinn.body.chats.map((c: any) => c._id)).toEqual([strangers]);
    await get(nia, 'searchChats?searchTerm=e').expect(400);
    // Operators in the text are words, not syntax.
    await get(nia, `searchChats?searchTerm=${encodeURIComponent("echo & | ! ( ' :*")}`).expect(200);
  });
});

describe('integration events', () => {
  it('carry ids and times only, never message text, titles or file names', async () => {
    const seen: Array<{ subject: string; data: string }> = [];
    const sub: Subscription = sys.nc.subscribe(`${sys.prefix}.events.messaging.>`);
    void (async () => {
      for await (const m of sub) seen.push({ subject: m.subject, data: m.string() });
    })();
    try {
      const [rae, sam] = await Promise.all([user('rae'), user('sam')]);
      const dmId = await dm(rae, sam);
      await say(rae, dmId, 'Confidential diagnosis: hypertension').expect(200);
      const g = await post(rae, 'initiateGroupChat', { title: 'Oncology board', members: [sam.id] }).expect(200);
      await post(rae, 'updateGroupChat', { chatId: g.body.newGroupChat._id, title: 'Oncology tumor board', members: [sam.id] }).expect(200);
      await post(rae, 'postGroupChatMessage', { chatId: g.body.newGroupChat._id, msg: 'see attached', isDocument: false }).expect(200);
      await eventually(() => {
        const names = seen.map((s) => s.subject.slice(s.subject.lastIndexOf('.') + 1));
        expect(names).toEqual(expect.arrayContaining(['ChatStarted', 'MessagePosted', 'GroupChatRenamed']));
        expect(names.filter((n) => n === 'MessagePosted')).toHaveLength(2);
      });
      for (const s of seen) {
        expect(s.data).not.toMatch(/hypertension|Confidential|Oncology|see attached|rae|sam/i);
        const data = JSON.parse(s.data).data as Record<string, unknown>;
        for (const [k, v] of Object.entries(data)) {
          const ok = (x: unknown) =>
            typeof x === 'number' ||
            (typeof x === 'string' && (/^[0-9a-f-]{36}$/.test(x) || !Number.isNaN(Date.parse(x)) || ['text', 'image', 'document'].includes(x)));
          expect([k, Array.isArray(v) ? v.every(ok) : ok(v)]).toEqual([k, true]);
        }
      }
    } finally {
      sub.unsubscribe();
    }
  });
});

/** The messaging app's chat writer and event store, and a writer of its own as another messaging instance would have. */
async function messagingWriter() {
  const { ChatWriter } = await import('../../apps/messaging/src/infrastructure/chat.writer');
  const { PostgresEventStore } = await import('@app/event-store');
  const { EventPipeline } = await import('@app/nest-kit');
  const messagingApp = sys.services.get('messaging')!;
  const store = messagingApp.get(PostgresEventStore);
  return { writer: messagingApp.get(ChatWriter), store, anotherInstance: () => new ChatWriter(store, messagingApp.get(EventPipeline)) };
}

describe('the message path', () => {
  it('answers postMessage with the message exactly as getChatRoom then shows it (DM and group)', async () => {
    const [wes, xia, yan] = await Promise.all([user('wes'), user('xia'), user('yan')]);
    const dmId = await dm(wes, xia);
    const sent = await say(wes, dmId, 'Reply from the decided event').expect(200);
    const room = await post(wes, 'getChatRoom', { chatId: dmId }).expect(200);
    expect(room.body.chat.messages.at(-1)).toEqual(sent.body.msg);
    const forXia = await post(xia, 'getChatRoom', { chatId: dmId }).expect(200);
    // The recipient opening the room reads it: the same message, its status moving to Read.
    expect({ ...forXia.body.chat.messages.at(-1), status: 'Read' }).toEqual({ ...sent.body.msg, status: 'Read' });
    const g = await post(wes, 'initiateGroupChat', { title: 'Reply check', members: [xia.id, yan.id] }).expect(200);
    const inGroup = await post(yan, 'postGroupChatMessage', { chatId: g.body.newGroupChat._id, msg: 'group reply' }).expect(200);
    const groupRoom = await post(yan, 'getGroupChatRoom', { chatId: g.body.newGroupChat._id }).expect(200);
    expect(groupRoom.body.chat.messages.at(-1)).toEqual(inGroup.body.msg);
    // And the other side's list already counts it, though the reply did not wait for the read models.
    const xias = await post(xia, 'getGroupChats', {}).expect(200);
    expect(xias.body.groupChats.find((c: any) => c._id === g.body.newGroupChat._id).unread).toBe(1);
  });

  it('answers a post only once its event is flushed: the append commits with synchronous_commit on (CHAT_COMMIT unset)', async () => {
    const { store } = await messagingWriter();
    const events = `${store.schema}.events`;
    // What synchronous_commit is at each commit of a chat append, read by a trigger that runs at commit time.
    await pg.query(`CREATE TABLE IF NOT EXISTS public.chat_commit_modes (stream_id text, mode text)`);
    await pg.query(`CREATE OR REPLACE FUNCTION public.note_chat_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO public.chat_commit_modes VALUES (NEW.stream_id, current_setting('synchronous_commit')); RETURN NULL; END $$`);
    await pg.query(`CREATE CONSTRAINT TRIGGER note_chat_commit_mode AFTER INSERT ON ${events} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.note_chat_commit_mode()`);
    try {
      const [ann, bo] = await Promise.all([user('ann'), user('bo')]);
      const dmId = await dm(ann, bo);
      await pg.query('TRUNCATE public.chat_commit_modes');
      await Promise.all([1, 2, 3].map((n) => say(ann, dmId, `durable ${n}`).expect(200)));
      const { rows } = await pg.query<{ mode: string }>(`SELECT mode FROM public.chat_commit_modes`);
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(new Set(rows.map((r) => r.mode))).toEqual(new Set(['on']));
    } finally {
      await pg.query(`DROP TRIGGER IF EXISTS note_chat_commit_mode ON ${events}`);
    }
  });

  it('writes concurrent messages in batches, keeping each room’s order and versions, also when another writer got in between', async () => {
    const { writer, store, anotherInstance } = await messagingWriter();
    const [zed, amy, ben, cal] = await Promise.all([user('zed'), user('amy'), user('ben'), user('cal')]);
    const rooms = [await dm(zed, amy), await dm(ben, cal)];
    const senders = [[zed, amy], [ben, cal]];
    // Another instance's writer appends to the first room between this batch's decision (on the
    // room's cached state: the writer reads nothing for a room it knows) and its append.
    const other = anotherInstance();
    const appendMany = store.appendMany.bind(store);
    let interfered = false;
    const batches = jest.spyOn(store, 'appendMany').mockImplementation(async (...args) => {
      if (!interfered) {
        interfered = true;
        await other.execute({ type: 'PostMessage', chatId: rooms[0], chatType: 0, messageId: randomUUID(), senderId: amy.id, msg: 'in between', isImage: false, isDocument: false, at: now() });
      }
      return appendMany(...(args as Parameters<typeof appendMany>));
    });
    const reads = jest.spyOn(store, 'readStreams');
    try {
      const calls = Array.from({ length: 30 }, (_, i) => {
        const r = i % 2;
        return writer.post({ type: 'PostMessage', chatId: rooms[r], chatType: 0, messageId: randomUUID(), senderId: senders[r][i % 4 < 2 ? 0 : 1].id, msg: `batched ${i}`, isImage: false, isDocument: false, at: now() });
      });
      const results = await Promise.all(calls);
      expect(interfered).toBe(true);
      // Fewer statements than messages: they went together; both rooms were known, so nothing was read to decide.
      expect(batches.mock.calls.length).toBeLessThan(30);
      expect(reads).not.toHaveBeenCalled();
      for (const r of [0, 1]) {
        const mine = results.filter((_, i) => i % 2 === r);
        const seqs = mine.map((x) => (x.newEvents.find((e) => e.type === 'MessagePosted')!.data as { seq: number }).seq);
        // In call order, one after the other (room 0 after the message that got in between).
        expect(seqs).toEqual(seqs.map((_, k) => seqs[0] + k));
        expect(mine.map((x) => x.version)).toEqual(mine.map((_, k) => mine[0].version + k));
        const stored = (await store.readStream<{ msg?: string; seq?: number }>(`chat-${rooms[r]}`)).filter((e) => e.type === 'MessagePosted');
        expect(stored.map((e) => e.data.msg)).toEqual([...(r === 0 ? ['in between'] : []), ...Array.from({ length: 15 }, (_, k) => `batched ${2 * k + r}`)]);
        expect(stored.map((e) => e.data.seq)).toEqual(stored.map((_, k) => k + 1));
        const versions = (await store.readStream(`chat-${rooms[r]}`)).map((e) => e.streamVersion);
        expect(versions).toEqual(versions.map((_, k) => k + 1));
      }
      // The room as the participants read it: every message once, in that order.
      const room = await post(amy, 'getChatRoom', { chatId: rooms[0] }).expect(200);
      expect(room.body.chat.messages.map((m: any) => m.msg)).toEqual(['in between', ...Array.from({ length: 15 }, (_, k) => `batched ${2 * k}`)]);
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('the message path, several messaging instances', () => {
  it('takes a message from a member another instance just added, though this instance had the group cached without them', async () => {
    const { writer, store, anotherInstance } = await messagingWriter();
    const [ida, jon, kim, max, lee] = await Promise.all([user('ivo'), user('jud'), user('kip'), user('moe'), user('ned')]);
    const g = await post(ida, 'initiateGroupChat', { title: 'Stale cache', members: [jon.id] }).expect(200);
    const chatId = g.body.newGroupChat._id as string;
    const message = (senderId: string, msg: string) => ({ type: 'PostMessage' as const, chatId, chatType: 1 as const, messageId: randomUUID(), senderId, msg, isImage: false, isDocument: false, at: now() });
    await writer.post(message(jon.id, 'before')); // this instance now has the group cached: ida and jon
    const other = anotherInstance();
    await other.execute({ type: 'UpdateGroup', chatId, actorId: ida.id, title: 'Stale cache', members: [jon.id, kim.id], at: now() });
    // Kim alone in a batch: refused on the cached state, so checked again on a fresh one.
    const alone = await writer.post(message(kim.id, 'kim alone'));
    expect(alone.state.members).toContain(kim.id);
    // Max, just added, beside Jon: the batch's append meets a version conflict, and both go again, in order.
    await other.execute({ type: 'UpdateGroup', chatId, actorId: ida.id, title: 'Stale cache', members: [jon.id, kim.id, max.id], at: now() });
    const [fromJon, fromMax] = await Promise.all([writer.post(message(jon.id, 'jon')), writer.post(message(max.id, 'max'))]);
    expect(fromMax.version).toBe(fromJon.version + 1);
    // Someone who was never added is still refused.
    await expect(writer.post(message(lee.id, 'not a member'))).rejects.toMatchObject({ code: 'not_participant' });
    const stored = (await store.readStream<{ msg?: string }>(`chat-${chatId}`)).filter((e) => e.type === 'MessagePosted').map((e) => e.data.msg);
    expect(stored).toEqual(['before', 'kim alone', 'jon', 'max']);
  });
});

describe('realtime', () => {
  it('delivers DM and group events on the right socket only, through whichever gateway holds it', async () => {
    const [tom, uma, vic] = await Promise.all([user('tom'), user('uma'), user('vic')]);
    const gw2 = await startGateway();
    const t = await connectSocket(sys.baseUrl, tom.token);
    const u = await connectSocket(gw2, uma.token);
    const v = await connectSocket(gw2, vic.token);
    try {
      const dmId = await dm(tom, uma);
      const newChat = await waitFor(u.received, 'new-chat-event');
      expect(newChat).toMatchObject({ chatType: 0, chat: { _id: dmId, senderId: tom.id, recipientId: uma.id } });

      const sent = await say(tom, dmId, 'live hello').expect(200);
      const msg = await waitFor(u.received, 'new-message-event');
      expect(msg).toEqual({ id: dmId, chatType: 0, msg: sent.body.msg });

      const g = await post(uma, 'initiateGroupChat', { title: 'Night shift', members: [tom.id] }).expect(200);
      const groupId = g.body.newGroupChat._id;
      await waitFor(t.received, 'new-chat-event', (d) => d.chatType === 1 && d.chat._id === groupId);
      await post(tom, 'postGroupChatMessage', { chatId: groupId, msg: 'group hello' }).expect(200);
      await waitFor(u.received, 'new-message-event', (d) => d.chatType === 1 && d.id === groupId && d.msg.msg === 'group hello');

      await post(uma, 'updateGroupChat', { chatId: groupId, title: 'Night shift crew', members: [tom.id] }).expect(200);
      expect(await waitFor(t.received, 'gc-title-update-event')).toEqual({ title: 'Night shift crew', chatId: groupId });

      await post(uma, 'deleteChat', { chatId: dmId }).expect(200);
      await say(tom, dmId, 'come back').expect(200);
      const undeleted = await waitFor(u.received, 'undelete-chat-event');
      expect(undeleted).toMatchObject({ chatId: dmId, chat: { _id: dmId, unread: 1 } });

      await post(uma, 'updateGroupChat', { chatId: groupId, title: 'Night shift crew', members: [] }).expect(200);
      expect(await waitFor(t.received, 'delete-chat-event')).toMatchObject({ chatId: groupId, chatType: 1 });

      await new Promise((r) => setTimeout(r, 300));
      // The sender gets no echo of its own messages; the bystander on the same gateway gets nothing.
      expect(v.received).toEqual([]);
      expect(t.received.filter((r) => r.event === 'new-message-event')).toEqual([]);
      expect(u.received.filter((r) => r.event === 'new-message-event').map((r) => r.data.msg.msg)).toEqual(['live hello', 'group hello']);
    } finally {
      for (const s of [t, u, v]) s.socket.close();
    }
  });

  it('lets a browser that was offline catch up on reconnect: unread counts and the room', async () => {
    const [wes, xia] = await Promise.all([user('wes'), user('xia')]);
    const dmId = await dm(wes, xia);
    const first = await connectSocket(sys.baseUrl, xia.token);
    first.socket.close();
    await say(wes, dmId, 'while you were away').expect(200);
    await say(wes, dmId, 'and again').expect(200);
    const again = await connectSocket(sys.baseUrl, xia.token);
    try {
      expect(again.received.filter((r) => r.event === 'new-message-event')).toEqual([]);
      const list = await post(xia, 'getChats', {}).expect(200);
      expect(list.body.chats).toEqual([expect.objectContaining({ _id: dmId, unread: 2 })]);
      await get(xia, 'chatIconBadge').expect(200, { showChatIconBadge: true });
      const room = await post(xia, 'getChatRoom', { chatId: dmId }).expect(200);
      expect(room.body.chat.messages.map((m: any) => m.msg)).toEqual(['while you were away', 'and again']);
    } finally {
      again.socket.close();
    }
  });
});
