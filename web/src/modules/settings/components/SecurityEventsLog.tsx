import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table, type TableColumnsType, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import { type ReactElement, useState } from 'react';
import { formatTimestamp } from '../../format';
import { identityApi } from '../../session/api/identityApi';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import type { SecurityEvent } from '../../session/types/identityApi';

const useStyles = createStyles(({ css }) => ({
  time: css`
    white-space: nowrap;
  `,
}));

function EventTime({ value }: { value: string }): ReactElement {
  const { styles } = useStyles();
  return (
    <time dateTime={value} className={styles.time}>
      {formatTimestamp(value)}
    </time>
  );
}

/** Rows per page (spec §9: grids page by 10). */
export const SECURITY_EVENTS_PAGE_SIZE = 10;

const COLUMNS: TableColumnsType<SecurityEvent> = [
  {
    title: 'Time',
    dataIndex: 'time',
    key: 'time',
    width: 250,
    render: (value: string) => <EventTime value={value} />,
  },
  { title: 'Event', dataIndex: 'label', key: 'label', render: (value: string, row) => value || row.type },
  { title: 'Browser', dataIndex: 'browser', key: 'browser', render: (value: string | null) => value || '—' },
  { title: 'OS', dataIndex: 'os', key: 'os', render: (value: string | null) => value || '—' },
  { title: 'IP', dataIndex: 'ip', key: 'ip', render: (value: string | null) => value || '—' },
];

type EventsPage = { events: SecurityEvent[]; total: number };

const securityEventsKey = (userId: string, page: number) => ['securityEvents', userId, page] as const;

/** The signed-in user's own security events, newest first, paged on the server 10 at a time. */
export function SecurityEventsLog(): ReactElement {
  const userId = useAtomValue(signedInUserAtom)?._id ?? '';
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  // The last page shown in full: what the table keeps when the next one fails.
  const [shownPage, setShownPage] = useState(1);
  const query = useQuery({
    queryKey: securityEventsKey(userId, page),
    queryFn: (): Promise<EventsPage> => identityApi.securityEvents(page, SECURITY_EVENTS_PAGE_SIZE),
    // The rows stay while the next page loads.
    placeholderData: keepPreviousData,
  });
  // A failure is logged by the API client; the table stops loading and keeps what it showed.
  const loaded = query.data ?? (query.isError ? client.getQueryData<EventsPage>(securityEventsKey(userId, shownPage)) : undefined);
  const turnTo = (next: number): void => {
    if (query.isSuccess && !query.isPlaceholderData) setShownPage(page);
    setPage(next);
  };

  return (
    <>
      <Typography.Paragraph type="secondary">
        Sign-ins, password resets and changes to your log in credentials, newest first.
      </Typography.Paragraph>
      <Table<SecurityEvent>
        aria-label="Security events"
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={loaded?.events ?? []}
        loading={(query.isPending || query.isPlaceholderData) && !query.isError}
        scroll={{ x: 760 }}
        pagination={{
          current: page,
          pageSize: SECURITY_EVENTS_PAGE_SIZE,
          total: loaded?.total ?? 0,
          showSizeChanger: false,
          onChange: turnTo,
        }}
      />
    </>
  );
}
