import type { ReactElement } from 'react';
import { LandingFeatures } from '../../modules/landing/components/LandingFeatures';
import { LandingHero } from '../../modules/landing/components/LandingHero';
import { useDocumentTitle } from '../../modules/layout/hooks/useDocumentTitle';
import { SiteFooter } from '../../modules/shell/components/SiteFooter';

/** / — the public landing page and the footer. */
export function HomePage(): ReactElement {
  useDocumentTitle(undefined);
  return (
    <>
      <main style={{ flex: 1 }}>
        <LandingHero />
        <LandingFeatures />
      </main>
      <SiteFooter />
    </>
  );
}
