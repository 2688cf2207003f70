import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type CSSProperties, type ReactElement, useState } from 'react';
import { DATE_PICKER_YEARS_PER_PAGE, WEEKDAY_HEADERS } from '../constants/widgetConstants';
import { calendarWeeks, yearPage, yearPageStart } from '../logic/calendar';

export type CalendarView = 'calendar' | 'month' | 'year';

type CalendarPanelProps = {
  /** The picked date, if any (selected in the calendar). */
  value?: Dayjs | null;
  /** Called with the day the user picked (a day cell or Today). */
  onSelect: (date: Dayjs) => void;
  /** Today (the clock's date by default); marked in the calendar and picked by Today. */
  today?: Dayjs;
};

const MONTHS = Array.from({ length: 12 }, (_, month) => dayjs().month(month).format('MMM'));

/**
 * The date picker's popup: a calendar of 5 or 6 weeks (Sun to Sat) with a Today button, a
 * month list and a year list of 25 years whose arrows move 25 years. The month and year in
 * the calendar's header open the month and year lists; picking a year shows its months,
 * picking a month shows its calendar.
 */
export function CalendarPanel({ value, onSelect, today = dayjs() }: CalendarPanelProps): ReactElement {
  const { token } = theme.useToken();
  const [view, setView] = useState<CalendarView>('calendar');
  const [shown, setShown] = useState<Dayjs>(() => (value ?? today).startOf('month'));
  const [pageStart, setPageStart] = useState(() => yearPageStart(shown.year()));

  const cell: CSSProperties = { width: 36, height: 32, padding: 0, fontVariantNumeric: 'tabular-nums' };
  const wideCell: CSSProperties = { width: 60, height: 36 };

  const openYears = (): void => {
    setPageStart(yearPageStart(shown.year()));
    setView('year');
  };

  let header: ReactElement;
  let body: ReactElement;
  if (view === 'calendar') {
    header = (
      <Flex align="center" justify="space-between">
        <Button type="text" size="small" icon={<LeftOutlined />} aria-label="Previous month" onClick={() => setShown(shown.subtract(1, 'month'))} />
        <Flex gap={2}>
          <Button type="text" size="small" aria-label={`Choose month, ${shown.format('MMMM')}`} onClick={() => setView('month')}>
            <strong>{shown.format('MMMM')}</strong>
          </Button>
          <Button type="text" size="small" aria-label={`Choose year, ${shown.format('YYYY')}`} onClick={openYears}>
            <strong>{shown.format('YYYY')}</strong>
          </Button>
        </Flex>
        <Button type="text" size="small" icon={<RightOutlined />} aria-label="Next month" onClick={() => setShown(shown.add(1, 'month'))} />
      </Flex>
    );
    const weeks = calendarWeeks(shown);
    body = (
      <table role="grid" aria-label={shown.format('MMMM YYYY')} style={{ borderCollapse: 'collapse', margin: '0 auto' }}>
        <thead>
          <tr>
            {WEEKDAY_HEADERS.map((day) => (
              <th key={day} scope="col" style={{ fontWeight: 500, fontSize: token.fontSizeSM, color: token.colorTextSecondary, padding: '4px 0' }}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].format('YYYY-MM-DD')}>
              {week.map((day) => {
                const selected = value ? day.isSame(value, 'day') : false;
                const isToday = day.isSame(today, 'day');
                const inMonth = day.month() === shown.month();
                return (
                  <td key={day.format('YYYY-MM-DD')} role="gridcell" aria-selected={selected} style={{ padding: 1, textAlign: 'center' }}>
                    <Button
                      type={selected ? 'primary' : 'text'}
                      size="small"
                      aria-label={day.format('dddd, MMMM D, YYYY')}
                      aria-current={isToday ? 'date' : undefined}
                      data-outside-month={inMonth ? undefined : 'true'}
                      onClick={() => onSelect(day.startOf('day'))}
                      style={{
                        ...cell,
                        color: selected ? undefined : inMonth ? token.colorText : token.colorTextQuaternary,
                        border: isToday && !selected ? `1px solid ${token.colorPrimary}` : undefined,
                      }}
                    >
                      {day.date()}
                    </Button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else if (view === 'month') {
    header = (
      <Flex align="center" justify="space-between">
        <Button type="text" size="small" icon={<LeftOutlined />} aria-label="Previous year" onClick={() => setShown(shown.subtract(1, 'year'))} />
        <Button type="text" size="small" aria-label={`Choose year, ${shown.format('YYYY')}`} onClick={openYears}>
          <strong>{shown.format('YYYY')}</strong>
        </Button>
        <Button type="text" size="small" icon={<RightOutlined />} aria-label="Next year" onClick={() => setShown(shown.add(1, 'year'))} />
      </Flex>
    );
    body = (
      <div role="listbox" aria-label={`Months of ${shown.year()}`} style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8, padding: '8px 4px' }}>
        {MONTHS.map((label, month) => {
          const selected = value ? value.year() === shown.year() && value.month() === month : false;
          return (
            <Button
              key={label}
              role="option"
              aria-selected={selected}
              type={selected ? 'primary' : 'text'}
              style={{ ...wideCell, width: '100%' }}
              onClick={() => {
                setShown(shown.month(month));
                setView('calendar');
              }}
            >
              {label}
            </Button>
          );
        })}
      </div>
    );
  } else {
    const years = yearPage(pageStart);
    header = (
      <Flex align="center" justify="space-between">
        <Button
          type="text"
          size="small"
          icon={<LeftOutlined />}
          aria-label={`Previous ${DATE_PICKER_YEARS_PER_PAGE} years`}
          onClick={() => setPageStart(pageStart - DATE_PICKER_YEARS_PER_PAGE)}
        />
        <Typography.Text strong>
          {years[0]} – {years[years.length - 1]}
        </Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<RightOutlined />}
          aria-label={`Next ${DATE_PICKER_YEARS_PER_PAGE} years`}
          onClick={() => setPageStart(pageStart + DATE_PICKER_YEARS_PER_PAGE)}
        />
      </Flex>
    );
    body = (
      <div role="listbox" aria-label="Years" style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 4, padding: '8px 4px' }}>
        {years.map((year) => {
          const selected = value?.year() === year;
          return (
            <Button
              key={year}
              role="option"
              aria-selected={selected}
              type={selected ? 'primary' : 'text'}
              size="small"
              style={{ height: 32, fontVariantNumeric: 'tabular-nums', border: year === today.year() && !selected ? `1px solid ${token.colorPrimary}` : undefined }}
              onClick={() => {
                setShown(shown.year(year));
                setView('month');
              }}
            >
              {year}
            </Button>
          );
        })}
      </div>
    );
  }

  return (
    <div data-view={view} style={{ width: 280 }}>
      <div style={{ paddingBottom: token.paddingXS, borderBottom: `1px solid ${token.colorBorderSecondary}`, marginBottom: token.marginXS }}>{header}</div>
      <div style={{ minHeight: 232 }}>{body}</div>
      <Flex justify="center" style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: token.paddingXS, marginTop: token.marginXS }}>
        <Button type="link" size="small" onClick={() => onSelect(today.startOf('day'))}>
          Today
        </Button>
      </Flex>
    </div>
  );
}
