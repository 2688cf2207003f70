import { CalendarOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { createStyles } from 'antd-style';
import type { Dayjs } from 'dayjs';
import { type ReactElement, useState } from 'react';
import { DATE_PICKER_LABEL_FORMAT, DATE_PICKER_PLACEHOLDER } from '../constants/widgetConstants';
import { CalendarPanel } from './CalendarPanel';

type DatePickerPopupProps = {
  /** The picked date (controlled); leave undefined to let the picker keep it. */
  value?: Dayjs | null;
  /** Called with the picked day. */
  onChange?: (date: Dayjs) => void;
  /** What the date is for; the button is named "<label>: <date or mm/dd/yy>". */
  label?: string;
  /** Today, for the Today button and the calendar's mark (the clock's date by default). */
  today?: Dayjs;
  disabled?: boolean;
};

const useStyles = createStyles(({ token, css }) => ({
  button: css`
    && {
      min-width: 132px;
      justify-content: flex-start;
      font-variant-numeric: tabular-nums;
    }
  `,
  placeholder: css`
    color: ${token.colorTextTertiary};
  `,
}));

/**
 * A button labelled 'mm/dd/yy' until a date is picked (then the date as MM/DD/YY) that opens
 * the calendar popup (calendar, month and year views, Today); picking a day closes it.
 */
export function DatePickerPopup({ value, onChange, label = 'Date', today, disabled }: DatePickerPopupProps): ReactElement {
  const { styles } = useStyles();
  const [own, setOwn] = useState<Dayjs | null>(null);
  const [open, setOpen] = useState(false);
  const picked = value === undefined ? own : value;
  const text = picked ? picked.format(DATE_PICKER_LABEL_FORMAT) : DATE_PICKER_PLACEHOLDER;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      arrow={false}
      destroyOnHidden
      content={
        <div role="dialog" aria-label={`Choose ${label.toLowerCase()}`}>
          <CalendarPanel
            value={picked}
            today={today}
            onSelect={(date) => {
              if (value === undefined) setOwn(date);
              onChange?.(date);
              setOpen(false);
            }}
          />
        </div>
      }
    >
      <Button
        icon={<CalendarOutlined />}
        disabled={disabled}
        aria-label={`${label}: ${text}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={styles.button}
      >
        <span className={picked ? undefined : styles.placeholder}>{text}</span>
      </Button>
    </Popover>
  );
}
