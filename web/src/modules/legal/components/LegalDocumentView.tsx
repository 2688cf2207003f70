import { Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import type { LegalDocument } from '../constants/legalDocuments';

type LegalDocumentViewProps = {
  document: LegalDocument;
};

const useStyles = createStyles(({ token, css }) => ({
  title: css`
    && {
      font-size: ${token.fontSizeHeading2}px;
      margin-top: 0;
    }
  `,
  section: css`
    && {
      font-size: ${token.fontSizeHeading4}px;
    }
  `,
}));

const SECTIONS = ['Introduction', 'Scope', 'Your responsibilities', 'Our responsibilities', 'Changes to this document', 'Contact'];

/** A legal page: its title, the date it was updated and (placeholder) contents. */
export function LegalDocumentView({ document }: LegalDocumentViewProps): ReactElement {
  const { styles } = useStyles();
  return (
    <article aria-labelledby={`legal-${document.tab}-title`}>
      <Typography.Title id={`legal-${document.tab}-title`} level={1} className={styles.title}>
        {document.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">Updated {document.updated}</Typography.Paragraph>
      {SECTIONS.map((section, index) => (
        <section key={section}>
          <Typography.Title level={2} className={styles.section}>
            {index + 1}. {section}
          </Typography.Title>
          <Typography.Paragraph>
            This is placeholder text for the {section.toLowerCase()} section of the {document.title}. The final wording
            will be published here before the service is offered to the public. Until then, this text describes no
            terms, rights or obligations and should not be relied upon.
          </Typography.Paragraph>
          <Typography.Paragraph>
            Placeholder text continues: lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor
            incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco
            laboris nisi ut aliquip ex ea commodo consequat.
          </Typography.Paragraph>
        </section>
      ))}
    </article>
  );
}
