import { Typography, theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';

type DemoSectionProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** A component demo page: its heading, a description, then the examples. */
export function DemoSection({ title, description, children }: DemoSectionProps): ReactElement {
  const { token } = theme.useToken();
  useDocumentTitle(`${title} · Component Demo`);
  return (
    <section aria-labelledby="demo-title">
      <Typography.Title id="demo-title" level={1} style={{ fontSize: token.fontSizeHeading2, marginTop: 0 }}>
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
  const { token } = theme.useToken();
  return (
    <div
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.padding,
        marginBottom: token.margin,
      }}
    >
      <Typography.Title level={2} style={{ fontSize: token.fontSizeLG, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </div>
  );
}
