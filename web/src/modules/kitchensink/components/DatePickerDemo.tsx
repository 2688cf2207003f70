import { Descriptions, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactElement, useState } from 'react';
import { DatePickerPopup } from '../../widgets/components/DatePickerPopup';
import { DemoBlock, DemoSection } from './DemoSection';

/** The date picker: the label says mm/dd/yy until a date is picked; calendar, month and year views. */
export function DatePickerDemo(): ReactElement {
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const [renewal, setRenewal] = useState<Dayjs>(() => dayjs().add(1, 'year').startOf('month'));
  return (
    <DemoSection
      title="Date Picker"
      description="A popup calendar of 5 or 6 weeks (Sun to Sat) with a Today button. The month and year in its header open the month list and a year list of 25 years whose arrows move 25 years."
    >
      <DemoBlock title="Pick a date">
        <Flex align="center" gap="middle" wrap>
          <DatePickerPopup label="Date of birth" value={picked} onChange={setPicked} />
          <Typography.Text type="secondary" aria-live="polite" data-testid="picked-date">
            {picked ? `Picked ${picked.format('dddd, MMMM D, YYYY')}` : 'No date picked yet'}
          </Typography.Text>
        </Flex>
      </DemoBlock>
      <DemoBlock title="With a date already set">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'renewal', label: 'License renewal', children: <DatePickerPopup label="License renewal" value={renewal} onChange={setRenewal} /> },
            { key: 'disabled', label: 'Disabled', children: <DatePickerPopup label="Disabled date" disabled /> },
          ]}
        />
      </DemoBlock>
    </DemoSection>
  );
}
