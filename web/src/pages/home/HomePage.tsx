import type { ReactElement } from 'react';
import { LandingFeatures } from '../../modules/landing/components/LandingFeatures';
import { LandingHero } from '../../modules/landing/components/LandingHero';
import { useDocumentTitle } from '../../modules/layout/hooks/useDocumentTitle';
import { SiteFooter } from '../../modules/shell/components/SiteFooter';
import { createTokenStyles } from '../../modules/theme/tokenStyles';

const useStyles = createTokenStyles('home-page', () => ({ main: { flex: 1 } }));

/** / — the public landing page and the footer. */
export function HomePage(): ReactElement {
  useDocumentTitle(undefined);
  const { styles } = useStyles();
  return (
    <>
      <main className={styles.main}>
        <LandingHero />
        <LandingFeatures />
      </main>
      <SiteFooter />
    </>
  );
}
