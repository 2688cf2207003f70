import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input } from 'antd';
import type { ReactElement } from 'react';
import { PageFrame } from '../../modules/ui/components/PageFrame';

/** /search — a placeholder until directory search is built. */
export function SearchPage(): ReactElement {
  return (
    <PageFrame title="Search" description="Search for providers, practices and facilities in the directory.">
      <Input
        size="large"
        prefix={<SearchOutlined />}
        placeholder="Search providers, practices and facilities"
        aria-label="Search the directory"
        disabled
        style={{ maxWidth: 560 }}
      />
      <Empty style={{ marginTop: 48 }} description="Directory search is coming soon." />
    </PageFrame>
  );
}
