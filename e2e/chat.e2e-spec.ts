import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { call, resetPasswordByApi, signInByApi } from './support/accountApi';
import { appUrl, baseUrl, DESKTOP, launchBrowser, openPage, waitForPath } from './support/browser';
import { waitForCodeWindow } from './support/outbox';
import { type RealtimeWatch, watchRealtime } from './support/realtime';
import { type Account, signIn } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots');

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PASSWORD = 'Lantern-Quarry-42';
const RUN = Date.now().toString(36).slice(-5);

type Person = Account & { userName: string; displayName: string };
type Tab = { context: BrowserContext; page: Page; realtime: RealtimeWatch };

/**
 * Chat as two new users would use it, side by side: A (Ava) and B (Ben) are created by the
 * master admin (addUser2), set their passwords through the temporary-password email and sign in
 * through the dialogs. The steps run in order and share both browsers.
 */
describe('chat between two browsers', () => {
  let browser: Browser;
  let a: Tab;
  let b: Tab;
  const ava: Person = { email: `ava.${RUN}@e2e.test`, mobile: `+1202555${String(2000 + (Date.now() % 3000)).padStart(4, '0')}`, password: PASSWORD, userName: `ava${RUN}`, displayName: `Ava Stone ${RUN}` };
  const ben: Person = { email: `ben.${RUN}@e2e.test`, mobile: `+1202555${String(6000 + (Date.now() % 3000)).padStart(4, '0')}`, password: PASSWORD, userName: `ben${RUN}`, displayName: `Ben Okafor ${RUN}` };

  async function createUser(adminToken: string, p: Person): Promise<void> {
    const [first, last] = p.displayName.split(' ');
    const answer = await call(
      'POST',
      '/api/v1/users/addUser2',
      {
        isProvider: false,
        firstName: first,
        lastName: last,
        displayName: p.displayName,
        userName: p.userName,
        streetAddress: '500 Congress Avenue',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        email: p.email,
        mobile: `(${p.mobile.slice(2, 5)}) ${p.mobile.slice(5, 8)}-${p.mobile.slice(8)}`,
        phone: '512-555-0100',
      },
      adminToken,
    );
    if (answer.status !== 200) throw new Error(`addUser2 answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    await resetPasswordByApi(p.email, p.password);
  }

  async function open(p: Person): Promise<Tab> {
    const { context, page } = await openPage(browser, DESKTOP);
    const realtime = watchRealtime(page);
    await page.goto(appUrl('/'));
    await signIn(page, p);
    await realtime.connected();
    return { context, page, realtime };
  }

  async function shoot(page: Page, name: string): Promise<void> {
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await page.screenshot({ path: join(SCREENSHOTS, `chat-${name}.png`) });
  }

  const room = (page: Page, title: string): Locator => page.getByRole('region', { name: `Chat room ${title}` });
  const messages = (page: Page): Locator => page.getByRole('log', { name: 'Messages' });
  const listEntry = (page: Page, title: string): Locator => page.getByRole('complementary', { name: 'Chats' }).getByRole('button', { name: new RegExp(`^${title}`) });

  async function send(page: Page, text: string): Promise<void> {
    const box = page.getByRole('textbox', { name: 'Type message' });
    await box.fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await messages(page).getByText(text).waitFor();
  }

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    const admin: Account = { email: requiredEnv('E2E_ADMIN_EMAIL'), password: requiredEnv('E2E_ADMIN_PASSWORD'), mobile: requiredEnv('E2E_ADMIN_MOBILE') };
    await waitForCodeWindow(admin.mobile);
    const adminToken = await signInByApi(admin);
    await createUser(adminToken, ava);
    await createUser(adminToken, ben);
    browser = await launchBrowser();
    a = await open(ava);
    b = await open(ben);
  }, 180_000);

  afterAll(async () => {
    await b?.context.close();
    await a?.context.close();
    await browser?.close();
  });

  it('starts a DM from New Chat and sends text and an image; the other side sees them live with the unread badge', async () => {
    await b.page.goto(appUrl('/chat'));
    await b.page.getByText('Select Chat Room').waitFor();
    await a.page.goto(appUrl('/chat'));
    await waitForPath(a.page, '/chat');
    await a.page.getByText('Select Chat Room').waitFor();

    await a.page.getByRole('button', { name: 'New Chat', exact: true }).first().click();
    const drawer = a.page.getByRole('dialog', { name: 'New Chat' });
    await drawer.getByRole('textbox', { name: 'Search Users' }).fill(ben.userName);
    await drawer.getByRole('button', { name: `${ben.displayName} @${ben.userName}` }).click();
    await room(a.page, ben.displayName).waitFor();
    // The new DM arrives live in B's list (new-chat-event) and, being the only one, opens.
    await room(b.page, ava.displayName).waitFor();

    // B looks at another screen: the message lights the top-bar chat badge.
    await b.page.getByRole('link', { name: 'Search' }).click();
    await waitForPath(b.page, '/search');
    await send(a.page, `Hello Ben, the credentialing packet is ready ${RUN}`);
    await b.page.getByRole('link', { name: 'Chat (new messages)' }).waitFor();

    await a.page.locator('input[type="file"][aria-label="Choose a file to send"]').setInputFiles({ name: 'badge-photo.png', mimeType: 'image/png', buffer: PNG });
    await messages(a.page).locator('img[alt="badge-photo.png"]').waitFor();

    await b.page.getByRole('link', { name: 'Chat (new messages)' }).click();
    await waitForPath(b.page, '/chat');
    const bRoom = room(b.page, ava.displayName);
    await messages(b.page).getByText(`Hello Ben, the credentialing packet is ready ${RUN}`).waitFor();
    // The image is fetched with B's session (chat files are for the room's participants only) and shown.
    const image = messages(b.page).locator('img[alt="badge-photo.png"]');
    await image.waitFor();
    await b.page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await image.elementHandle());
    // The badge clears 3 s after the chat screen opens.
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat', exact: true }).waitFor();
    await bRoom.waitFor();

    // Live: A's next message appends on B's open DM.
    await send(a.page, 'Are you free at 3?');
    await messages(b.page).getByText('Are you free at 3?').waitFor();
    await shoot(b.page, 'dm-1280');
  });

  it('counts unread on the list entry when the message is for a chat that is not open', async () => {
    await b.page.getByRole('tab', { name: 'Group Chats' }).click();
    await b.page.getByText('Select Chat Room').waitFor();
    await send(a.page, 'One more thing');
    // A DM message while B is on the Group tab lights the DM tab's badge.
    await b.page.getByRole('tab', { name: /DM's/ }).locator('.ant-badge-dot, .ant-badge-count').first().waitFor();
    await b.page.getByRole('tab', { name: /DM's/ }).click();
    await messages(b.page).getByText('One more thing').waitFor();
  });

  it('creates a group, renames it as its creator, and the rename shows live', async () => {
    await a.page.getByRole('tab', { name: 'Group Chats' }).click();
    await a.page.getByRole('button', { name: 'New Group Chat', exact: true }).first().click();
    const drawer = a.page.getByRole('dialog', { name: 'New Group Chat' });
    await drawer.getByText('Chat Creator').waitFor();
    await drawer.getByRole('textbox', { name: 'Group Name' }).fill(`Credentialing ${RUN}`);
    await drawer.getByRole('textbox', { name: 'Search Members' }).fill(ben.userName);
    await drawer.getByRole('button', { name: `${ben.displayName} @${ben.userName}` }).click();
    await drawer.getByRole('button', { name: `Remove ${ben.displayName}` }).waitFor();
    await drawer.getByRole('button', { name: 'Create Chat' }).click();
    await room(a.page, `Credentialing ${RUN}`).waitFor();

    await b.page.getByRole('tab', { name: 'Group Chats' }).click();
    await room(b.page, `Credentialing ${RUN}`).waitFor();
    await b.page.getByRole('button', { name: `${ava.displayName}: chat participants` }).click();
    const viewer = b.page.getByRole('dialog', { name: 'Chat Participants (participant view)' });
    await viewer.waitFor();
    expect(await viewer.getByRole('button', { name: 'Update Group Chat' }).count()).toBe(0);
    await b.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    await a.page.getByRole('button', { name: `${ava.displayName}: chat participants` }).click();
    const editor = a.page.getByRole('dialog', { name: 'Chat Participants (creator view)' });
    await editor.getByRole('textbox', { name: 'Group Name' }).fill(`Credentialing board ${RUN}`);
    await editor.getByRole('button', { name: 'Update Group Chat' }).click();
    await room(a.page, `Credentialing board ${RUN}`).waitFor();
    await room(b.page, `Credentialing board ${RUN}`).waitFor();
    await listEntry(b.page, `Credentialing board ${RUN}`).waitFor();
    await shoot(b.page, 'group-1280');
  });

  it('deletes the DM, and the next message brings it back with unread 1', async () => {
    await b.page.getByRole('tab', { name: /DM's/ }).click();
    await room(b.page, ava.displayName).waitFor();
    await b.page.getByRole('button', { name: 'Chat room menu' }).click();
    await b.page.getByRole('menuitem', { name: 'Delete Chat Room' }).click();
    // It asks first (a deleted DM leaves the list): confirm.
    await b.page.getByRole('dialog', { name: 'Delete Chat Room?' }).getByRole('button', { name: 'Delete' }).click();
    await b.page.getByText('Select Chat Room').waitFor();
    expect(await listEntry(b.page, ava.displayName).count()).toBe(0);

    await a.page.getByRole('tab', { name: /DM's/ }).click();
    await room(a.page, ben.displayName).waitFor();
    await send(a.page, 'Did the DM come back?');
    // Back in B's list (undelete-chat-event with unread 1) and, being the only DM with no room open, opened.
    await listEntry(b.page, ava.displayName).waitFor();
    await room(b.page, ava.displayName).waitFor();
    await messages(b.page).getByText('Did the DM come back?').waitFor();
    expect(b.realtime.events()).toContain('undelete-chat-event');
  });

  it('finds a message by a word in it', async () => {
    const search = b.page.getByRole('textbox', { name: 'Search Users, Groups, and Messages' });
    await search.fill('credentialing');
    await listEntry(b.page, ava.displayName).waitFor();
    await search.fill('zzzznothing');
    await b.page.getByRole('complementary', { name: 'Chats' }).getByRole('button', { name: new RegExp(ava.displayName) }).waitFor({ state: 'detached' });
    await search.fill('packet');
    await listEntry(b.page, ava.displayName).click();
    // The matching word is marked in the room's messages.
    await messages(b.page).locator('mark', { hasText: /^packet$/i }).first().waitFor();
    await shoot(b.page, 'search-1280');
  });

  it('collapses the drawer on a narrow window, with the floating bar', async () => {
    await b.page.setViewportSize({ width: 600, height: 800 });
    await b.page.getByRole('button', { name: 'Compose message' }).waitFor();
    await b.page.getByRole('button', { name: 'Scroll to bottom' }).waitFor();
    await shoot(b.page, 'dm-600');
    await b.page.getByRole('button', { name: 'Close chat room' }).click();
    await b.page.getByRole('complementary', { name: 'Chats' }).waitFor();
    await shoot(b.page, 'list-600');
  });
});
