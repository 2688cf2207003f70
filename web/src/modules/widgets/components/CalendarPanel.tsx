import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { createStyles } from 'antd-style';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactElement, useState } from 'react';
import { DATE_PICKER_YEARS_PER_PAGE, WEEKDAY_HEADERS } from '../constants/widgetConstants';
import { textButtonRules } from '../../theme/textButtonRules';
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

const useStyles = createStyles(({ token, css }) => {
  /** The month and year lists: a grid of buttons. */
  const list = (columns: number, gap: number) => css`
    display: grid;
    grid-template-columns: repeat(${columns}, 1fr);
    gap: ${gap}px;
    padding: ${token.paddingXS}px ${token.paddingXXS}px;
  `;
  return {
    panel: css`
      width: 280px;
    `,
    header: css`
      padding-bottom: ${token.paddingXS}px;
      border-bottom: 1px solid ${token.colorBorderSecondary};
      margin-bottom: ${token.marginXS}px;
    `,
    body: css`
      min-height: 232px;
    `,
    footer: css`
      && {
        border-top: 1px solid ${token.colorBorderSecondary};
        padding-top: ${token.paddingXS}px;
        margin-top: ${token.marginXS}px;
      }
    `,
    grid: css`
      border-collapse: collapse;
      margin: 0 auto;
    `,
    weekday: css`
      font-weight: 500;
      font-size: ${token.fontSizeSM}px;
      color: ${token.colorTextSecondary};
      padding: ${token.paddingXXS}px 0;
    `,
    cell: css`
      padding: 1px;
      text-align: center;
    `,
    day: css`
      && {
        width: 36px;
        height: 32px;
        padding: 0;
        font-variant-numeric: tabular-nums;
      }
    `,
    inMonth: css(textButtonRules(`color: ${token.colorText};`)),
    outsideMonth: css(textButtonRules(`color: ${token.colorTextQuaternary};`)),
    current: css(textButtonRules(`border: 1px solid ${token.colorPrimary};`)),
    months: list(3, token.marginXS),
    month: css`
      && {
        width: 100%;
        height: 36px;
      }
    `,
    years: list(5, token.marginXXS),
    year: css`
      && {
        height: 32px;
        font-variant-numeric: tabular-nums;
      }
    `,
  };
});

const MONTHS = Array.from({ length: 12 }, (_, month) => dayjs().month(month).format('MMM'));

/**
 * The date picker's popup: a calendar of 5 or 6 weeks (Sun to Sat) with a Today button, a
 * month list and a year list of 25 years whose arrows move 25 years. The month and year in
 * the calendar's header open the month and year lists; picking a year shows its months,
 * picking a month shows its calendar.
 */
export function CalendarPanel({ value, onSelect, today = dayjs() }: CalendarPanelProps): ReactElement {
  const { styles, cx } = useStyles();
  const [view, setView] = useState<CalendarView>('calendar');
  const [shown, setShown] = useState<Dayjs>(() => (value ?? today).startOf('month'));
  const [pageStart, setPageStart] = useState(() => yearPageStart(shown.year()));

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
      <table role="grid" aria-label={shown.format('MMMM YYYY')} className={styles.grid}>
        <thead>
          <tr>
            {WEEKDAY_HEADERS.map((day) => (
              <th key={day} scope="col" className={styles.weekday}>
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
                  <td key={day.format('YYYY-MM-DD')} role="gridcell" aria-selected={selected} className={styles.cell}>
                    <Button
                      type={selected ? 'primary' : 'text'}
                      size="small"
                      aria-label={day.format('dddd, MMMM D, YYYY')}
                      aria-current={isToday ? 'date' : undefined}
                      data-outside-month={inMonth ? undefined : 'true'}
                      onClick={() => onSelect(day.startOf('day'))}
                      className={cx(styles.day, !selected && (inMonth ? styles.inMonth : styles.outsideMonth), isToday && !selected && styles.current)}
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
      <div role="listbox" aria-label={`Months of ${shown.year()}`} className={styles.months}>
        {MONTHS.map((label, month) => {
          const selected = value ? value.year() === shown.year() && value.month() === month : false;
          return (
            <Button
              key={label}
              role="option"
              aria-selected={selected}
              type={selected ? 'primary' : 'text'}
              className={styles.month}
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
      <div role="listbox" aria-label="Years" className={styles.years}>
        {years.map((year) => {
          const selected = value?.year() === year;
          return (
            <Button
              key={year}
              role="option"
              aria-selected={selected}
              type={selected ? 'primary' : 'text'}
              size="small"
              className={cx(styles.year, year === today.year() && !selected && styles.current)}
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
    <div data-view={view} className={styles.panel}>
      <div className={styles.header}>{header}</div>
      <div className={styles.body}>{body}</div>
      <Flex justify="center" className={styles.footer}>
        <Button type="link" size="small" onClick={() => onSelect(today.startOf('day'))}>
          Today
        </Button>
      </Flex>
    </div>
  );
}
