import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { type ReactElement, useState } from 'react';
import type { GridQuery } from '@app/contracts';
import { apiClient } from '../../session/api/apiClient';

export type ExportCsvButtonProps = {
  /** The grid's export route (e.g. `/api/v1/credentialing/files/export`). */
  path: string;
  /** The grid's current query (its filters and sort): read when the button is pressed. */
  query: () => Pick<GridQuery, 'filters' | 'sorting'> | null;
  /** The downloaded file's name. */
  fileName: string;
};

/** "Export CSV": downloads what the grid shows (its current filters and sort) from the grid's export route. */
export function ExportCsvButton({ path, query, fileName }: ExportCsvButtonProps): ReactElement {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const q = query();
      const blob = await apiClient.getBlob(path, { auth: true, query: { format: 'csv', filters: JSON.stringify(q?.filters ?? {}), sorting: JSON.stringify(q?.sorting ?? {}) } });
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (error) {
      setFailure((error as Error).message || 'The export could not be downloaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={failure}>
      <Button icon={<DownloadOutlined />} loading={busy} danger={!!failure} onClick={() => void download()}>
        Export CSV
      </Button>
    </Tooltip>
  );
}
