import { theme } from 'antd';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { LEGAL_DOCUMENTS, type LegalTab, legalPath } from '../../legal/constants/legalDocuments';

type LegalLinksProps = {
  /** Which legal pages to list (all four by default). */
  tabs?: readonly LegalTab[];
  onNavigate?: () => void;
};

/** Links to the legal pages. */
export function LegalLinks({ tabs, onNavigate }: LegalLinksProps): ReactElement {
  const { token } = theme.useToken();
  const documents = tabs ? LEGAL_DOCUMENTS.filter((document) => tabs.includes(document.tab)) : LEGAL_DOCUMENTS;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {documents.map((document) => (
        <li key={document.tab} style={{ marginBottom: token.marginXS }}>
          <Link to={legalPath(document.tab)} onClick={onNavigate} style={{ color: token.colorLink }}>
            {document.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
