import type { ReactElement } from 'react';
import { PageFrame } from '../../modules/ui/components/PageFrame';

/** /practice — the selected practice's profile, built in a later issue. */
export function PracticePage(): ReactElement {
  return <PageFrame title="Practice Profile" description="About, contact details and providers of the selected practice." />;
}
