import { render, screen } from '@testing-library/react';
import { StatusLine } from './StatusLine';

describe('StatusLine', () => {
  it('takes no room once its message hides (no empty gap in the dialog) and keeps its live region', () => {
    const { rerender } = render(<StatusLine status={{ text: 'A verification code has been sent to a@b.co', tone: 'success' }} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('A verification code has been sent to a@b.co');
    expect(region.style.marginBottom).toBe('12px');
    rerender(<StatusLine status={null} />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('');
    expect({ height: region.style.height, minHeight: region.style.minHeight, marginBottom: region.style.marginBottom }).toEqual({ height: '0px', minHeight: '', marginBottom: '0px' });
  });
});
