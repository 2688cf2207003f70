import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { LEGAL_DOCUMENTS, type LegalTab, legalPath } from '../../legal/constants/legalDocuments';
import { useSiteLinksStyles } from './siteLinksStyles';

type LegalLinksProps = {
  /** Which legal pages to list (all four by default). */
  tabs?: readonly LegalTab[];
  onNavigate?: () => void;
};

/** Links to the legal pages. */
export function LegalLinks({ tabs, onNavigate }: LegalLinksProps): ReactElement {
  const { styles } = useSiteLinksStyles();
  const documents = tabs ? LEGAL_DOCUMENTS.filter((document) => tabs.includes(document.tab)) : LEGAL_DOCUMENTS;
  return (
    <ul className={styles.list}>
      {documents.map((document) => (
        <li key={document.tab} className={styles.item}>
          <Link to={legalPath(document.tab)} onClick={onNavigate} className={styles.link}>
            {document.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
