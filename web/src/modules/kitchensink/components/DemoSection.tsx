import { Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement, ReactNode } from 'react';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';

const useStyles = createStyles(({ token, css }) => ({
  title: css`
    && {
      font-size: ${token.fontSizeHeading2}px;
      margin-top: 0;
    }
  `,
  block: css`
    background: ${token.colorBgContainer};
    border: 1px solid ${token.colorBorderSecondary};
    border-radius: ${token.borderRadiusLG}px;
    padding: ${token.padding}px;
    margin-bottom: ${token.margin}px;
  `,
  blockTitle: css`
    && {
      font-size: ${token.fontSizeLG}px;
      margin-top: 0;
    }
  `,
  /** A row wider than a phone scrolls sideways inside its block. */
  scroller: css`
    max-width: 100%;
    overflow-x: auto;
  `,
}));

export { useStyles as useDemoStyles };

type DemoSectionProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** A component demo page: its heading, a description, then the examples. */
export function DemoSection({ title, description, children }: DemoSectionProps): ReactElement {
  const { styles } = useStyles();
  useDocumentTitle(`${title} · Component Demo`);
  return (
    <section aria-labelledby="demo-title">
      <Typography.Title id="demo-title" level={1} className={styles.title}>
        {title}
      </Typography.Title>
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      {children}
    </section>
  );
}

type DemoBlockProps = {
  title: string;
  children: ReactNode;
};

/** One example inside a demo page. */
export function DemoBlock({ title, children }: DemoBlockProps): ReactElement {
  const { styles } = useStyles();
  return (
    <div className={styles.block}>
      <Typography.Title level={2} className={styles.blockTitle}>
        {title}
      </Typography.Title>
      {children}
    </div>
  );
}
