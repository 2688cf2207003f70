import { Typography } from 'antd';
import type { ReactElement } from 'react';
import type { StatusMessage } from '../hooks/useStatusMessage';

type StatusLineProps = {
  status: StatusMessage | null;
};

/** A dialog's status message (code sent, or why sending failed), announced politely. */
export function StatusLine({ status }: StatusLineProps): ReactElement {
  return (
    <div role="status" aria-live="polite" style={{ minHeight: 22, marginBottom: 12 }}>
      {status ? (
        <Typography.Text type={status.tone === 'error' ? 'danger' : status.tone === 'success' ? 'success' : 'secondary'}>
          {status.text}
        </Typography.Text>
      ) : null}
    </div>
  );
}
