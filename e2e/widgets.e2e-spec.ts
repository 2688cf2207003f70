import type { Page } from 'playwright-core';
import { appUrl, DESKTOP, MOBILE, type Viewport, waitForPath } from './support/browser';
import { animationsDone, pagePerTest, screenshot } from './support/pages';

describe('widget kit in the component demo', () => {
  const pages = pagePerTest();
  let page: Page;

  async function open(path: string, viewport?: Viewport): Promise<Page> {
    page = await pages.open(path, viewport);
    return page;
  }

  const settle = (): Promise<void> => animationsDone(page);
  const shot = (name: string): Promise<void> => screenshot(page, `widgets-${name}`);

  it('links a page per widget from the demo menu', async () => {
    await open('/kitchensink');
    const menu = page.getByRole('complementary', { name: 'Component demo menu' });
    for (const [name, path, heading] of [
      ['Date Picker', '/kitchensink/date-picker', 'Date Picker'],
      ['Drawers', '/kitchensink/drawers', 'Drawers'],
      ['Dialog', '/kitchensink/dialog', 'Dialog'],
      ['File Drop', '/kitchensink/file-drop', 'File Drop'],
      ['Tab Strip', '/kitchensink/tabs', 'Tab Strip'],
      ['Toasts', '/kitchensink/toasts', 'Toasts'],
      ['Loaders', '/kitchensink/loaders', 'Loaders'],
    ]) {
      await menu.getByRole('link', { name, exact: true }).click();
      await waitForPath(page, path);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    }
    const loaders = page.getByRole('list', { name: 'Loader types' }).getByRole('listitem');
    expect(await loaders.allInnerTexts()).toEqual(['spinner', 'spinnerWithPulse', 'circle', 'refresh', 'cog']);
    await shot('loaders');
  });

  it("picks a date: the label says 'mm/dd/yy' until then", async () => {
    await open('/kitchensink/date-picker');
    const trigger = page.getByRole('button', { name: 'Date of birth: mm/dd/yy' });
    expect(await trigger.innerText()).toBe('mm/dd/yy');
    await trigger.click();
    const popup = page.getByRole('dialog', { name: 'Choose date of birth' });
    const calendar = popup.getByRole('grid');
    await calendar.waitFor();
    expect(await calendar.getByRole('columnheader').allInnerTexts()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect([6, 7]).toContain(await calendar.getByRole('row').count());
    await shot('date-picker-calendar');

    // Year view: 25 years, arrows move 25 years; 1990 → June → the 15th.
    await popup.getByRole('button', { name: /^Choose year/ }).click();
    const years = popup.getByRole('listbox', { name: 'Years' }).getByRole('option');
    expect(await years.count()).toBe(25);
    const first = Number(await years.first().innerText());
    await popup.getByRole('button', { name: 'Previous 25 years' }).click();
    expect(Number(await years.first().innerText())).toBe(first - 25);
    await shot('date-picker-years');
    while (Number(await years.first().innerText()) > 1990) await popup.getByRole('button', { name: 'Previous 25 years' }).click();
    await years.getByText('1990', { exact: true }).click();
    await popup.getByRole('listbox', { name: 'Months of 1990' }).getByRole('option', { name: 'Jun' }).click();
    await popup.getByRole('grid', { name: 'June 1990' }).getByRole('button', { name: 'Friday, June 15, 1990' }).click();

    await page.getByRole('button', { name: 'Date of birth: 06/15/90' }).waitFor();
    expect(await page.getByRole('button', { name: 'Date of birth: 06/15/90' }).innerText()).toBe('06/15/90');
    await page.getByText('Picked Friday, June 15, 1990').waitFor();
    await popup.waitFor({ state: 'hidden' });
  });

  it('drags the dialog against the window edges and it stays inside', async () => {
    await open('/kitchensink/dialog');
    await page.getByRole('button', { name: 'Open the dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit practice details' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ width: 800, height: 400, x: 240, y: 200 });
    expect(await dialog.evaluate((element) => getComputedStyle(element).zIndex)).toBe('1525');
    const header = dialog.locator('header');
    expect(await header.getByRole('heading').evaluate((element) => [getComputedStyle(element).fontSize, getComputedStyle(element).fontWeight])).toEqual([
      '20px',
      '700',
    ]);
    await shot('dialog');

    // Far past the top-left corner, then far past the bottom-right one.
    await header.hover({ position: { x: 100, y: 20 } });
    await page.mouse.down();
    await page.mouse.move(-300, -300, { steps: 8 });
    await page.mouse.up();
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0 });
    await header.hover({ position: { x: 100, y: 20 } });
    await page.mouse.down();
    await page.mouse.move(1600, 1100, { steps: 8 });
    await page.mouse.up();
    expect(await dialog.boundingBox()).toMatchObject({ x: 1280 - 800, y: 800 - 400 });

    // Escape is off by default; a click on the backdrop closes it.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await page.mouse.click(100, 100);
    await dialog.waitFor({ state: 'detached' });
  });

  it('fits the dialog to a phone with a smaller font', async () => {
    await open('/kitchensink/dialog', MOBILE);
    await page.getByRole('button', { name: 'Open the dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit practice details' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(MOBILE.width);
    expect(await dialog.getByRole('heading').evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px');
    await shot('dialog-mobile');
  });

  it('turns the tab strip into a dropdown when the window is narrower than 500 px', async () => {
    await open('/kitchensink/tabs');
    const strip = page.getByRole('tablist', { name: 'Practice sections' });
    await strip.waitFor();
    expect(await strip.getByRole('tab').allInnerTexts()).toEqual(['Overview', 'Locations', 'Documents', 'Claims', 'Notes']);
    expect((await strip.getByRole('tab', { name: 'Overview' }).boundingBox())?.height).toBe(40);
    await strip.getByRole('tab', { name: 'Claims' }).click();
    await page.getByRole('tabpanel', { name: 'Claims' }).waitFor();
    await shot('tabs');

    await page.setViewportSize({ width: 480, height: 800 });
    const dropdown = page.getByRole('button', { name: 'Practice sections: Claims' });
    await dropdown.waitFor();
    expect(await page.getByRole('tablist', { name: 'Practice sections' }).count()).toBe(0);
    await dropdown.click();
    const menu = page.getByRole('menu');
    await menu.getByRole('button', { name: 'Copy Overview' }).waitFor();
    await menu.getByText('Documents', { exact: true }).click();
    await page.getByRole('tabpanel', { name: 'Documents' }).waitFor();
    await shot('tabs-narrow');

    await page.setViewportSize(DESKTOP);
    await page.getByRole('tablist', { name: 'Practice sections' }).waitFor();
  });

  it('shows the text input 120 px and the title input 300 px wide; a tab is renamed in the text input', async () => {
    await open('/kitchensink/typography');
    const text = page.getByRole('textbox', { name: 'Text input' });
    const title = page.getByRole('textbox', { name: 'Title input' });
    await title.waitFor();
    expect((await text.boundingBox())?.width).toBe(120);
    expect((await title.boundingBox())?.width).toBe(300);
    await shot('inputs');

    await page.goto(appUrl('/kitchensink/tabs'));
    const strip = page.getByRole('tablist', { name: 'Practice sections' });
    await strip.getByRole('tab', { name: 'Claims' }).dblclick();
    const field = page.getByRole('textbox', { name: 'Tab name' });
    await field.waitFor();
    expect((await field.boundingBox())?.width).toBe(120);
    await field.fill('Claims 2026');
    await field.press('Enter');
    await strip.getByRole('tab', { name: 'Claims 2026' }).waitFor();
  });

  it('opens drawers from each edge over a mask that closes them', async () => {
    await open('/kitchensink/drawers');
    await page.getByRole('button', { name: 'From the right' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.waitFor();
    await settle();
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(256);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBe(1280);
    expect(await page.locator('.ant-drawer-mask').evaluate((element) => getComputedStyle(element).opacity)).toBe('0.8');
    await shot('drawer');
    await page.mouse.click(100, 400);
    await drawer.waitFor({ state: 'hidden' });

    await page.getByText('Facility (500 px)').click();
    await page.getByRole('button', { name: 'From the left' }).click();
    const left = page.locator('.ant-drawer-left .ant-drawer-content-wrapper');
    await left.waitFor();
    await settle();
    expect(await left.boundingBox()).toMatchObject({ x: 0, width: 500 });
  });

  it('shows toasts 304 px wide at the right edge, and the file drop prompt', async () => {
    await open('/kitchensink/toasts');
    await page.getByRole('button', { name: 'Practice saved' }).click();
    const toast = page.getByRole('region', { name: 'Alerts' }).getByRole('alert').filter({ hasText: 'Practice saved' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box?.width).toBe(304);
    expect(1280 - ((box?.x ?? 0) + (box?.width ?? 0))).toBeLessThanOrEqual(8);
    expect(await toast.locator('footer time').innerText()).toMatch(/UTC[+-]\d{2}:\d{2}$/);
    await shot('toasts');
    await toast.getByRole('button', { name: 'Close alert' }).click();
    await toast.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'File Drop', exact: true }).click();
    const area = page.getByRole('group', { name: 'Drag a profile photo here' });
    await area.waitFor();
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await page.getByText('avatar.png', { exact: true }).waitFor();
    await page.getByText('image/png · 3 B').waitFor();
    await shot('file-drop');
  });
});
