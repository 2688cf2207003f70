import { screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderWithApp } from '../../../testing/renderWithApp';
import { DatePickerPopup } from './DatePickerPopup';

const TODAY = dayjs('2026-11-23');

function popup(): HTMLElement {
  return screen.getByRole('dialog', { name: 'Choose date' });
}

async function openPicker(): Promise<ReturnType<typeof renderWithApp>> {
  const app = renderWithApp(<DatePickerPopup today={TODAY} />);
  await app.user.click(screen.getByRole('button', { name: 'Date: mm/dd/yy' }));
  return app;
}

describe('date picker popup', () => {
  it("says 'mm/dd/yy' until a day is picked, then shows it and closes", async () => {
    const { user } = await openPicker();
    const calendar = within(popup()).getByRole('grid', { name: 'November 2026' });
    expect(within(calendar).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(within(calendar).getAllByRole('row')).toHaveLength(1 + 5);
    await user.click(within(calendar).getByRole('button', { name: 'Tuesday, November 10, 2026' }));
    expect(screen.getByRole('button', { name: 'Date: 11/10/26' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows 6 weeks for a month that spans them and marks the picked day', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    const august = screen.getByRole('grid', { name: 'August 2026' });
    expect(within(august).getAllByRole('row')).toHaveLength(1 + 6);
    await user.click(within(august).getByRole('button', { name: 'Saturday, August 1, 2026' }));
    await user.click(screen.getByRole('button', { name: 'Date: 08/01/26' }));
    const cell = within(screen.getByRole('grid', { name: 'August 2026' })).getByRole('button', { name: 'Saturday, August 1, 2026' }).closest('td');
    expect(cell?.getAttribute('aria-selected')).toBe('true');
  });

  it('picks today with the Today button', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(within(popup()).getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('button', { name: 'Date: 11/23/26' })).toBeTruthy();
  });

  it('moves through the month view', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('button', { name: 'Choose month, November' }));
    const months = screen.getByRole('listbox', { name: 'Months of 2026' });
    expect(within(months).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec',
    ]);
    await user.click(screen.getByRole('button', { name: 'Next year' }));
    await user.click(within(screen.getByRole('listbox', { name: 'Months of 2027' })).getByRole('option', { name: 'Mar' }));
    expect(screen.getByRole('grid', { name: 'March 2027' })).toBeTruthy();
  });

  it('shows 25 years per page in the year view and moves 25 years with its arrows', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('button', { name: 'Choose year, 2026' }));
    const years = (): string[] => within(screen.getByRole('listbox', { name: 'Years' })).getAllByRole('option').map((option) => option.textContent ?? '');
    expect(years()).toHaveLength(25);
    expect([years()[0], years()[24]]).toEqual(['2025', '2049']);
    await user.click(screen.getByRole('button', { name: 'Next 25 years' }));
    expect([years()[0], years()[24]]).toEqual(['2050', '2074']);
    await user.click(screen.getByRole('button', { name: 'Previous 25 years' }));
    await user.click(screen.getByRole('button', { name: 'Previous 25 years' }));
    expect([years()[0], years()[24]]).toEqual(['2000', '2024']);
    // A year opens its months, a month its calendar.
    await user.click(screen.getByRole('option', { name: '2010' }));
    await user.click(within(screen.getByRole('listbox', { name: 'Months of 2010' })).getByRole('option', { name: 'Jul' }));
    await user.click(within(screen.getByRole('grid', { name: 'July 2010' })).getByRole('button', { name: 'Sunday, July 4, 2010' }));
    expect(screen.getByRole('button', { name: 'Date: 07/04/10' })).toBeTruthy();
  });

  it('reports the picked day to onChange when controlled', async () => {
    const onChange = jest.fn();
    const { user } = renderWithApp(<DatePickerPopup value={dayjs('2026-11-02')} onChange={onChange} today={TODAY} label="Start date" />);
    await user.click(screen.getByRole('button', { name: 'Start date: 11/02/26' }));
    await user.click(screen.getByRole('button', { name: 'Friday, November 20, 2026' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect((onChange.mock.calls[0][0] as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2026-11-20');
    // Controlled: the label follows `value`, not the click.
    expect(screen.getByRole('button', { name: 'Start date: 11/02/26' })).toBeTruthy();
  });
});
