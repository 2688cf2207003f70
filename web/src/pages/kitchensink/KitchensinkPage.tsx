import { createStyles } from 'antd-style';
import { type ReactElement, Suspense } from 'react';
import { Outlet } from 'react-router';
import { KitchensinkMenu } from '../../modules/kitchensink/components/KitchensinkMenu';
import { useIsMobile } from '../../modules/layout/hooks/useIsMobile';
import { PageLoader } from '../../modules/ui/components/PageLoader';

const useStyles = createStyles(({ token, css }) => ({
  page: css`
    flex: 1;
    display: flex;
    min-width: 0;
  `,
  stacked: css`
    flex-direction: column;
  `,
  menu: css`
    width: 200px;
    flex-shrink: 0;
    background: ${token.colorBgContainer};
    border-inline-end: 1px solid ${token.colorBorderSecondary};
    padding-top: ${token.paddingSM}px;
  `,
  topMenu: css`
    width: 100%;
    border-inline-end: none;
    border-bottom: 1px solid ${token.colorBorderSecondary};
    padding-top: 0;
  `,
  demo: css`
    flex: 1;
    min-width: 0;
    padding: ${token.paddingLG}px;
    box-sizing: border-box;
  `,
}));

/** /kitchensink — the component demo with its left menu (a top menu on mobile). */
export function KitchensinkPage(): ReactElement {
  const { styles, cx } = useStyles();
  const isMobile = useIsMobile();
  return (
    <div className={cx(styles.page, isMobile && styles.stacked)}>
      <aside aria-label="Component demo menu" className={cx(styles.menu, isMobile && styles.topMenu)}>
        <KitchensinkMenu mode={isMobile ? 'horizontal' : 'inline'} />
      </aside>
      <main className={styles.demo}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
