import { Typography, theme } from 'antd';
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

/** The frame of a routed screen: a page heading, an optional description, then the content. */
export function PageFrame({ title, description, extra, children, maxWidth = 1120 }: PageFrameProps): ReactElement {
  const { token } = theme.useToken();
  useDocumentTitle(title);
  return (
    <main
      style={{
        width: '100%',
        maxWidth: maxWidth === 'none' ? undefined : maxWidth,
        margin: '0 auto',
        padding: `${token.paddingLG}px ${token.padding}px`,
        boxSizing: 'border-box',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: token.margin, flexWrap: 'wrap' }}>
        <Typography.Title level={1} style={{ margin: 0, flex: 1, fontSize: token.fontSizeHeading2 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      {description ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
          {description}
        </Typography.Paragraph>
      ) : null}
      {children ? <div style={{ marginTop: token.margin }}>{children}</div> : null}
    </main>
  );
}
