import { Grid, Tabs } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LegalDocumentView } from '../../modules/legal/components/LegalDocumentView';
import {
  isLegalTab,
  LEGAL_DOCUMENTS,
  legalDocument,
  legalPath,
  resolveLegalTab,
} from '../../modules/legal/constants/legalDocuments';
import { useDocumentTitle } from '../../modules/layout/hooks/useDocumentTitle';

const useStyles = createStyles(({ token, css }) => ({
  page: css`
    width: 100%;
    max-width: 880px;
    margin: 0 auto;
    padding: ${token.paddingSM}px ${token.padding}px ${token.paddingXL}px;
    box-sizing: border-box;
  `,
}));

/** /legal/{tab}: Terms of Service, Privacy, Cookie and HIPAA policies; unknown tabs go to the terms. */
export function LegalPage(): ReactElement {
  const { styles } = useStyles();
  const { tab } = useParams();
  const navigate = useNavigate();
  const active = resolveLegalTab(tab);
  // On a phone the four tabs take short labels and fit: antd's overflow menu would put its
  // button inside the tab list (axe: aria-required-children).
  const phone = Grid.useBreakpoint().sm === false;
  useDocumentTitle(legalDocument(active).title);

  if (!isLegalTab(tab)) return <Navigate to={legalPath(active)} replace />;

  return (
    <main className={styles.page}>
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(legalPath(resolveLegalTab(key)))}
        items={LEGAL_DOCUMENTS.map((document) => ({
          key: document.tab,
          label: phone ? document.phoneLabel : document.label,
          children: <LegalDocumentView document={document} />,
        }))}
        destroyOnHidden
        tabBarGutter={phone ? 16 : undefined}
      />
    </main>
  );
}
