import { Table, type TableColumnsType, Typography } from 'antd';
import { type ReactElement, useEffect, useState } from 'react';
import { formatTimestamp } from '../../format';
import { identityApi } from '../../session/api/identityApi';
import type { SecurityEvent } from '../../session/types/identityApi';

/** Rows per page (spec §9: grids page by 10). */
export const SECURITY_EVENTS_PAGE_SIZE = 10;

const COLUMNS: TableColumnsType<SecurityEvent> = [
  {
    title: 'Time',
    dataIndex: 'time',
    key: 'time',
    width: 250,
    render: (value: string) => (
      <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
        {formatTimestamp(value)}
      </time>
    ),
  },
  { title: 'Event', dataIndex: 'label', key: 'label', render: (value: string, row) => value || row.type },
  { title: 'Browser', dataIndex: 'browser', key: 'browser', render: (value: string | null) => value || '—' },
  { title: 'OS', dataIndex: 'os', key: 'os', render: (value: string | null) => value || '—' },
  { title: 'IP', dataIndex: 'ip', key: 'ip', render: (value: string | null) => value || '—' },
];

type LoadedPage = { page: number; events: SecurityEvent[]; total: number };

/** The signed-in user's own security events, newest first, paged on the server 10 at a time. */
export function SecurityEventsLog(): ReactElement {
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<LoadedPage>({ page: 0, events: [], total: 0 });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    identityApi
      .securityEvents(page, SECURITY_EVENTS_PAGE_SIZE)
      .then((reply) => {
        if (!cancelled) setLoaded({ page, events: reply.events, total: reply.total });
      })
      .catch(() => {
        // Logged by the API client; the table stops loading and keeps what it showed.
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [page]);

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
        dataSource={loaded.events}
        loading={loaded.page !== page && !failed}
        scroll={{ x: 760 }}
        pagination={{
          current: page,
          pageSize: SECURITY_EVENTS_PAGE_SIZE,
          total: loaded.total,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </>
  );
}
