import { Card, List, Space, Tag, Typography } from 'antd';
import type { ReactElement } from 'react';
import type { FileView } from '../api/credentialingApi';
import { toShownDate } from '../logic/dates';
import { STATUS_COLOURS } from '../logic/fileStatus';
import { personName } from '../logic/people';

/** Every cycle of the file (initial credentialing, then each recredentialing): status, decision and dates, newest first. */
export function FileCycles({ file }: { file: FileView }): ReactElement | null {
  const cycles = file.cycles ?? [];
  if (cycles.length < 2) return null;
  return (
    <Card size="small" title="Cycles" aria-label="Cycles">
      <List
        size="small"
        dataSource={[...cycles].reverse()}
        renderItem={(c) => (
          <List.Item key={c.cycleId} aria-label={`Cycle ${c.cycle}`}>
            <Space wrap size={6}>
              <Typography.Text strong>{c.cycle === 1 ? 'Cycle 1 · initial credentialing' : `Cycle ${c.cycle} · recredentialing`}</Typography.Text>
              <Tag color={STATUS_COLOURS[c.status]}>{c.status}</Tag>
              <Typography.Text type="secondary">started {toShownDate(c.startedOn)}</Typography.Text>
              {c.decision ? (
                <Typography.Text type="secondary">
                  · {c.decision.decision} on {toShownDate(c.decision.decidedOn)} by {personName(file, c.decision.decidedBy)}
                </Typography.Text>
              ) : null}
              {c.recredentialingDueOn ? <Typography.Text type="secondary">· recredentialing due {toShownDate(c.recredentialingDueOn)}</Typography.Text> : null}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
