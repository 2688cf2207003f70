import { Typography } from 'antd';
import type { ReactElement } from 'react';
import type { StatusMessage } from '../hooks/useStatusMessage';

type StatusLineProps = {
  status: StatusMessage | null;
};

/**
 * A dialog's status message (code sent, or why sending failed), announced politely. Without a
 * message the live region stays (so the next one is announced) but takes no room: a hidden
 * status leaves no gap in the dialog.
 */
export function StatusLine({ status }: StatusLineProps): ReactElement {
  return (
    <div role="status" aria-live="polite" style={status ? { marginBottom: 12 } : { height: 0, margin: 0, overflow: 'hidden' }}>
      {status ? (
        <Typography.Text type={status.tone === 'error' ? 'danger' : status.tone === 'success' ? 'success' : 'secondary'}>
          {status.text}
        </Typography.Text>
      ) : null}
    </div>
  );
}
