import { Card, Tag, Timeline, Typography } from 'antd';
import type { ReactElement } from 'react';
import type { FileView } from '../api/credentialingApi';
import { toShownDate, withShownDates } from '../logic/dates';
import { STATUS_COLOURS } from '../logic/fileStatus';
import { personName } from '../logic/people';

/** When a change was made: its day and time, as the browser shows them. */
const shownAt = (at: string) => `${toShownDate(at)} ${new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;

/** The file's history: every change of every cycle (who by name, when, what), newest first. */
export function FileHistory({ file }: { file: FileView }): ReactElement {
  const activity = file.activity;
  return (
    <Card size="small" title="History" aria-label="History">
      {activity?.length ? (
        <Timeline
          items={[...activity].reverse().map((a, i) => ({
            key: `${a.at}-${i}`,
            children: (
              <div role="group" aria-label="History entry">
                <Typography.Text>{withShownDates(a.what)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {shownAt(a.at)} · {personName(file, a.by)}
                    {file.cycles && file.cycles.length > 1 ? ` · cycle ${a.cycle}` : ''}
                  </Typography.Text>
                </div>
              </div>
            ),
          }))}
        />
      ) : (
        <Timeline
          items={[...file.history].reverse().map((h) => ({
            key: `${h.at}-${h.to}`,
            children: (
              <span>
                <Tag color={STATUS_COLOURS[h.to]}>{h.to}</Tag> {toShownDate(h.at)} · {h.why} · {personName(file, h.by)}
              </span>
            ),
          }))}
        />
      )}
    </Card>
  );
}
