import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { PageFrame } from '../../modules/ui/components/PageFrame';

const useStyles = createStyles(({ css }) => ({
  box: css`
    &.ant-input-affix-wrapper {
      max-width: 560px;
    }
  `,
  empty: css`
    &.ant-empty {
      margin-top: 48px;
    }
  `,
}));

/** /search — a placeholder until directory search is built. */
export function SearchPage(): ReactElement {
  const { styles } = useStyles();
  return (
    <PageFrame title="Search" description="Search for providers, practices and facilities in the directory.">
      <Input
        size="large"
        prefix={<SearchOutlined />}
        placeholder="Search providers, practices and facilities"
        aria-label="Search the directory"
        disabled
        className={styles.box}
      />
      <Empty className={styles.empty} description="Directory search is coming soon." />
    </PageFrame>
  );
}
