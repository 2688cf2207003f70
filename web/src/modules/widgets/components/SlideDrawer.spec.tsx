import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithApp } from '../../../testing/renderWithApp';
import type { DrawerSize } from '../constants/widgetConstants';
import { type DrawerPlacement, SlideDrawer } from './SlideDrawer';

function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

afterEach(() => setWindowWidth(1280));

function Harness({ placement = 'left', size }: { placement?: DrawerPlacement; size?: DrawerSize }): React.ReactElement {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SlideDrawer open={open} onClose={() => setOpen(false)} placement={placement} size={size} title="Filters">
        <p>Drawer body</p>
      </SlideDrawer>
    </>
  );
}

function wrapper(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.ant-drawer-content-wrapper');
  if (!element) throw new Error('no drawer');
  return element;
}

function mask(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.ant-drawer-mask');
  if (!element) throw new Error('no mask');
  return element;
}

function FormHarness(): React.ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SlideDrawer open={open} onClose={() => setOpen(false)} title="Add">
        <input aria-label="Name" />
      </SlideDrawer>
    </>
  );
}

describe('slide drawer', () => {
  it('takes the focus when opened: its first field', async () => {
    const { user } = renderWithApp(<FormHarness />);
    screen.getByRole('button', { name: 'Open' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull();
  });

  it('keeps Tab inside its dialog: from the last control back to the first', async () => {
    const { user } = renderWithApp(<FormHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const field = screen.getByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(field));
    // jsdom has no layout: every control counts as shown.
    const rects = jest.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    try {
      await user.tab();
      expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull();
      expect(document.activeElement).not.toBe(field);
      await user.tab({ shift: true });
      await user.tab({ shift: true });
      expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull();
    } finally {
      rects.mockRestore();
    }
  });

  it('is 256 px wide by default, over a mask of opacity 0.8 whose click closes it', async () => {
    const { user } = renderWithApp(<Harness />);
    expect(screen.getByText('Drawer body')).toBeTruthy();
    expect(wrapper().style.width).toBe('256px');
    expect(mask().style.opacity).toBe('0.8');
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
    await user.click(mask());
    expect(document.querySelector('.ant-drawer-open')).toBeNull();
  });

  it.each<[DrawerSize, string]>([
    ['profile', '320px'],
    ['practice', '358px'],
    ['facility', '500px'],
  ])('is %s wide as %s', (size, width) => {
    renderWithApp(<Harness size={size} />);
    expect(wrapper().style.width).toBe(width);
  });

  it('takes the whole window at 700 px or narrower', () => {
    setWindowWidth(700);
    renderWithApp(<Harness size="facility" />);
    expect(wrapper().style.width).toBe('700px');
  });

  it.each<DrawerPlacement>(['left', 'right', 'top', 'bottom'])('slides in from the %s', (placement) => {
    renderWithApp(<Harness placement={placement} />);
    expect(document.querySelector(`.ant-drawer-${placement}`)).not.toBeNull();
    if (placement === 'top' || placement === 'bottom') expect(wrapper().style.height).toBe('256px');
  });
});
