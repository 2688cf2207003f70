import { theme } from 'antd';
import { type ReactElement, Suspense } from 'react';
import { Outlet } from 'react-router';
import { KitchensinkMenu } from '../../modules/kitchensink/components/KitchensinkMenu';
import { useIsMobile } from '../../modules/layout/hooks/useIsMobile';
import { PageLoader } from '../../modules/ui/components/PageLoader';

/** /kitchensink — the component demo with its left menu (a top menu on mobile). */
export function KitchensinkPage(): ReactElement {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  return (
    <div style={{ flex: 1, display: 'flex', flexDirection: isMobile ? 'column' : 'row', minWidth: 0 }}>
      <aside
        aria-label="Component demo menu"
        style={{
          width: isMobile ? '100%' : 200,
          flexShrink: 0,
          background: token.colorBgContainer,
          borderInlineEnd: isMobile ? undefined : `1px solid ${token.colorBorderSecondary}`,
          borderBottom: isMobile ? `1px solid ${token.colorBorderSecondary}` : undefined,
          paddingTop: isMobile ? 0 : token.paddingSM,
        }}
      >
        <KitchensinkMenu mode={isMobile ? 'horizontal' : 'inline'} />
      </aside>
      <main style={{ flex: 1, minWidth: 0, padding: token.paddingLG, boxSizing: 'border-box' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
