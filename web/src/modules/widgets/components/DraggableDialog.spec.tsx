import { act, fireEvent, screen, within } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { InfoCircleOutlined } from '@ant-design/icons';
import { renderWithApp } from '../../../testing/renderWithApp';
import { SlideDrawer } from './SlideDrawer';
import { DraggableDialog } from './DraggableDialog';

// jsdom has no PointerEvent; a MouseEvent carries the coordinates the drag reads.
beforeAll(() => {
  if (!('PointerEvent' in window)) {
    class PointerEventStub extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    Object.defineProperty(window, 'PointerEvent', { configurable: true, writable: true, value: PointerEventStub });
  }
});

function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
afterEach(() => setWindowWidth(1280));

type HarnessProps = { closeOnEscape?: boolean; closeOnBackdropClick?: boolean };

function Harness(props: HarnessProps): ReactElement {
  const [open, setOpen] = useState(true);
  return (
    <DraggableDialog open={open} onClose={() => setOpen(false)} title="Edit schedule" icon={<InfoCircleOutlined />} {...props}>
      <p>Dialog body</p>
    </DraggableDialog>
  );
}

function dialog(): HTMLElement {
  return screen.getByRole('dialog', { name: 'Edit schedule' });
}

function drag(from: { x: number; y: number }, to: { x: number; y: number }): void {
  const header = dialog().querySelector('header') as HTMLElement;
  fireEvent.pointerDown(header, { button: 0, clientX: from.x, clientY: from.y, pointerId: 1 });
  fireEvent.pointerMove(header, { clientX: to.x, clientY: to.y, pointerId: 1 });
  fireEvent.pointerUp(header, { clientX: to.x, clientY: to.y, pointerId: 1 });
}

describe('draggable dialog', () => {
  it('opens centred at 800 × 400 above a dark blue backdrop, with header icon, bold 20 px text and a close icon', async () => {
    const { user } = renderWithApp(<Harness />);
    const frame = dialog();
    expect([frame.style.width, frame.style.height, frame.style.left, frame.style.top]).toEqual(['800px', '400px', '240px', '200px']);
    expect(frame.style.zIndex).toBe('1525');
    const backdrop = screen.getByTestId('dialog-backdrop');
    expect([backdrop.style.zIndex, backdrop.style.opacity, backdrop.style.backgroundColor]).toEqual(['1500', '0.8', 'rgb(11, 37, 69)']);
    const heading = within(frame).getByRole('heading', { name: 'Edit schedule' });
    expect([heading.style.fontSize, heading.style.fontWeight]).toEqual(['20px', '700']);
    expect(frame.querySelector('header [aria-label="info-circle"]')).not.toBeNull();
    await user.click(within(frame).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves with its header and stays inside the window', () => {
    renderWithApp(<Harness />);
    drag({ x: 400, y: 220 }, { x: 300, y: 120 });
    expect([dialog().style.left, dialog().style.top]).toEqual(['140px', '100px']);
    // Pulled far past the top-left corner: stops at the edges.
    drag({ x: 300, y: 120 }, { x: -500, y: -500 });
    expect([dialog().style.left, dialog().style.top]).toEqual(['0px', '0px']);
    // And past the bottom-right one: the whole dialog stays visible (1280 − 800, 800 − 400).
    drag({ x: 10, y: 10 }, { x: 5000, y: 5000 });
    expect([dialog().style.left, dialog().style.top]).toEqual(['480px', '400px']);
  });

  it('does not move when dragged by its body', () => {
    renderWithApp(<Harness />);
    const body = screen.getByText('Dialog body');
    fireEvent.pointerDown(body, { button: 0, clientX: 400, clientY: 300 });
    fireEvent.pointerMove(body, { clientX: 100, clientY: 100 });
    expect([dialog().style.left, dialog().style.top]).toEqual(['240px', '200px']);
  });

  it('ignores Escape by default', async () => {
    const { user } = renderWithApp(<Harness />);
    await user.keyboard('{Escape}');
    expect(dialog()).toBeTruthy();
  });

  it('closes on Escape when closeOnEscape is set', async () => {
    const { user } = renderWithApp(<Harness closeOnEscape />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes only itself on Escape when it is open over a drawer, with the focus in it', async () => {
    function Layers(): ReactElement {
      const [drawer, setDrawer] = useState(true);
      const [popup, setPopup] = useState(true);
      return (
        <SlideDrawer open={drawer} onClose={() => setDrawer(false)} placement="right" title="Create Practice Profile">
          <p>Drawer body</p>
          <DraggableDialog open={popup} onClose={() => setPopup(false)} title="Search Practice by NPI" closeOnEscape>
            <input aria-label="Practice NPI or name" />
          </DraggableDialog>
        </SlideDrawer>
      );
    }
    const { user } = renderWithApp(<Layers />);
    await user.click(screen.getByLabelText('Practice NPI or name'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Search Practice by NPI' })).toBeNull();
    expect(screen.getByText('Drawer body')).toBeTruthy();
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
  });

  it('closes on a backdrop click unless that is turned off', async () => {
    const first = renderWithApp(<Harness />);
    await first.user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    const second = renderWithApp(<Harness closeOnBackdropClick={false} />);
    await second.user.click(screen.getByTestId('dialog-backdrop'));
    expect(dialog()).toBeTruthy();
  });

  it('uses a smaller font and fits the window at 576 px or narrower', () => {
    setWindowWidth(560);
    renderWithApp(<Harness />);
    const frame = dialog();
    expect(frame.style.width).toBe('560px');
    expect(frame.style.fontSize).toBe('12px');
    expect(within(frame).getByRole('heading', { name: 'Edit schedule' }).style.fontSize).toBe('16px');
  });

  it('moves back inside when the window shrinks', () => {
    renderWithApp(<Harness />);
    drag({ x: 400, y: 220 }, { x: 640, y: 620 });
    expect([dialog().style.left, dialog().style.top]).toEqual(['480px', '400px']);
    Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 600 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(dialog().style.top).toBe('200px');
    Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 800 });
  });
});
