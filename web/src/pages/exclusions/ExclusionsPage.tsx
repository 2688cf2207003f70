import type { ReactElement } from 'react';
import { createStyles } from 'antd-style';
import { ExclusionSearchScreen } from '../../modules/monitoring';

const useStyles = createStyles(({ token }) => ({
  page: { flex: 1, width: '100%', maxWidth: 1200, margin: '0 auto', padding: token.padding },
}));

/**
 * /exclusions — the OIG exclusion list search for credentialing staff who are not master admins
 * (reached from the account menu; the master admin's is /admin/exclusions). The server answers 403
 * to anyone else, and the screen shows its message.
 */
export function ExclusionsPage(): ReactElement {
  const { styles } = useStyles();
  return (
    <main className={styles.page}>
      <ExclusionSearchScreen />
    </main>
  );
}
