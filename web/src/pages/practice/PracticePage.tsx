import type { ReactElement } from 'react';
import { PracticeProfileScreen } from '../../modules/practices';

/** /practice — the selected practice's profile (the `practice` kept in local storage). */
export function PracticePage(): ReactElement {
  return <PracticeProfileScreen />;
}
