import { BellFilled } from '@ant-design/icons';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { LOADER_TYPES } from '../constants/widgetConstants';
import { LoaderIcon } from './LoaderIcon';
import { Toast } from './Toast';
import { ToastStack } from './ToastStack';

describe('toast', () => {
  it('shows its header icon and text, the body, a close button and a footer with the date, time and UTC offset', async () => {
    const onClose = jest.fn();
    const { user } = renderWithApp(
      <ToastStack>
        <Toast icon={<BellFilled />} headerText="Profile saved" onClose={onClose} timestamp="2026-11-23T09:30:00Z">
          Your changes are live.
        </Toast>
      </ToastStack>,
    );
    const stack = screen.getByRole('region', { name: 'Notifications' });
    expect([stack.style.position, stack.style.right, stack.style.zIndex]).toEqual(['fixed', '8px', '5000']);
    const toast = within(stack).getByRole('alert', { name: 'Profile saved' });
    expect(toast.style.width).toBe('304px');
    expect(toast.querySelector('header [aria-label="bell"]')).not.toBeNull();
    expect(toast.textContent).toContain('Your changes are live.');
    const time = toast.querySelector('footer time');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-23T09:30:00.000Z');
    expect(time?.textContent).toMatch(/^Nov 23, 2026 at \d{1,2}:\d{2} [AP]M UTC[+-]\d{2}:\d{2}$/);
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no footer without a timestamp', () => {
    renderWithApp(
      <Toast headerText="Heads up" onClose={jest.fn()} closeLabel="Dismiss">
        Body
      </Toast>,
    );
    const toast = screen.getByRole('alert', { name: 'Heads up' });
    expect(toast.querySelector('footer')).toBeNull();
    expect(within(toast).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });
});

describe('loader icon', () => {
  it('comes in the five types, each spinning', () => {
    renderWithApp(
      <>
        {LOADER_TYPES.map((type) => (
          <LoaderIcon key={type} type={type} label={`Loading ${type}`} />
        ))}
      </>,
    );
    for (const type of LOADER_TYPES) {
      const loader = screen.getByRole('img', { name: `Loading ${type}` });
      expect(loader.dataset.loaderType).toBe(type);
      expect(loader.querySelector('.anticon-spin, .app-loader-pulse, .app-loader-circle')).not.toBeNull();
    }
    expect(LOADER_TYPES).toEqual(['spinner', 'spinnerWithPulse', 'circle', 'refresh', 'cog']);
  });
});
