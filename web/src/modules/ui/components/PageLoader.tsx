import { Flex, Spin } from 'antd';
import type { ReactElement } from 'react';
import { createTokenStyles } from '../../theme/tokenStyles';

// Shown while the first screen's chunk loads: antd's CSS-in-JS, not antd-style (theme/tokenStyles.ts).
const useStyles = createTokenStyles('app-page-loader', (token) => ({
  // The tip is laid out in the space's width: one line ('Loading', never 'Loadin / g').
  loader: { '&.ant-flex': { flex: 1, padding: token.marginXXL }, '& .ant-spin-text': { whiteSpace: 'nowrap' } },
  space: { width: 120, height: 48 },
}));

/** Shown while a lazily loaded screen is fetched. */
export function PageLoader(): ReactElement {
  const { styles } = useStyles();
  return (
    <Flex align="center" justify="center" className={styles.loader}>
      <Spin size="large" tip="Loading">
        <div className={styles.space} />
      </Spin>
    </Flex>
  );
}
