import { Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement, ReactNode } from 'react';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';

type PageFrameProps = {
  title: string;
  /** A line under the title saying what the page is for. */
  description?: ReactNode;
  /** Shown at the end of the title row (actions). */
  extra?: ReactNode;
  children?: ReactNode;
  /** Cap the content width (default 1120 px); 'none' for full-width screens. */
  maxWidth?: number | 'none';
};

const useStyles = createStyles(({ token, css }) => ({
  page: css`
    width: 100%;
    margin: 0 auto;
    padding: ${token.paddingLG}px ${token.padding}px;
    box-sizing: border-box;
  `,
  title: css`
    && {
      margin: 0;
      flex: 1;
      font-size: ${token.fontSizeHeading2}px;
    }
  `,
  description: css`
    && {
      margin-top: ${token.marginXS}px;
    }
  `,
  content: css`
    margin-top: ${token.margin}px;
  `,
}));

/** The frame of a routed screen: a page heading, an optional description, then the content. */
export function PageFrame({ title, description, extra, children, maxWidth = 1120 }: PageFrameProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  useDocumentTitle(title);
  return (
    // Run time: the caller's content width.
    <main className={styles.page} style={{ maxWidth: maxWidth === 'none' ? undefined : maxWidth }}>
      <Flex align="center" gap={token.margin} wrap>
        <Typography.Title level={1} className={styles.title}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {description ? (
        <Typography.Paragraph type="secondary" className={styles.description}>
          {description}
        </Typography.Paragraph>
      ) : null}
      {children ? <div className={styles.content}>{children}</div> : null}
    </main>
  );
}
