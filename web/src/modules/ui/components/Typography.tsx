import { ConfigProvider, Tooltip } from 'antd';
import BaseTypography from 'antd/es/typography/Typography';
import { type ComponentType, type CSSProperties, type ReactElement, type ReactNode, type Ref, useContext, useRef, useState } from 'react';

/**
 * antd's Typography look without antd's Typography.Title/Text/Paragraph/Link: those import the
 * editable (Input, TextArea, Form), copyable and measuring parts, about 50 KB over the wire on
 * every page that shows text. These render the same elements with the same classes through
 * antd's own Typography base (its styles), for text that is only shown: use antd's when editing,
 * copying or multi-line ellipsis is needed.
 */

type TypographyType = 'secondary' | 'success' | 'warning' | 'danger';

type CommonProps = {
  id?: string;
  style?: CSSProperties;
  className?: string;
  children?: ReactNode;
  /** antd's type colours. */
  type?: TypographyType;
  /** Wraps the content in <strong>, as antd's `strong`. */
  strong?: boolean;
};

type BaseProps = Omit<CommonProps, 'type' | 'strong'> & {
  component: string;
  ref?: Ref<HTMLElement>;
  [attribute: string]: unknown;
};

/** antd's Typography wrapper; its typings leave out the `component` prop it takes. */
const Base = BaseTypography as unknown as ComponentType<BaseProps>;

function useTypographyClass(type: TypographyType | undefined, extra?: string): string | undefined {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('typography');
  const names = [type ? `${prefixCls}-${type}` : '', extra ?? ''].filter(Boolean).join(' ');
  return names || undefined;
}

function content(children: ReactNode, strong: boolean | undefined): ReactNode {
  return strong ? <strong>{children}</strong> : children;
}

/** One of antd's Typography elements (`component`), with its type colour and `strong`. */
function TypographyElement({ component, type, strong, className, children, ...rest }: CommonProps & { component: string; [attribute: string]: unknown }): ReactElement {
  const cls = useTypographyClass(type, className);
  return (
    <Base component={component} className={cls} {...rest}>
      {content(children, strong)}
    </Base>
  );
}

type TitleProps = CommonProps & { level?: 1 | 2 | 3 | 4 | 5 };

/** A heading styled as antd's Typography.Title. */
export function Title({ level = 1, ...props }: TitleProps): ReactElement {
  return <TypographyElement component={`h${level}`} {...props} />;
}

/** A block of text styled as antd's Typography.Paragraph. */
export function Paragraph(props: CommonProps): ReactElement {
  return <TypographyElement component="div" {...props} />;
}

/** Inline text styled as antd's Typography.Text. */
export function Text(props: CommonProps): ReactElement {
  return <TypographyElement component="span" {...props} />;
}

type TextLinkProps = CommonProps & { href: string; target?: string; rel?: string };

/** A link styled as antd's Typography.Link (rel="noopener noreferrer" by default in a new tab). */
export function TextLink({ rel, target, ...props }: TextLinkProps): ReactElement {
  return <TypographyElement component="a" target={target} rel={rel === undefined && target === '_blank' ? 'noopener noreferrer' : rel} {...props} />;
}

type EllipsisTextProps = CommonProps & {
  /** Shown in a tooltip when the text is cut off. */
  tooltip: ReactNode;
};

/**
 * One line of text cut off with an ellipsis, as antd's `<Typography.Text ellipsis={{ tooltip }}>`:
 * the tooltip shows on hover only when the text does not fit.
 */
export function EllipsisText({ type, strong, className, children, tooltip, ...rest }: EllipsisTextProps): ReactElement {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('typography');
  const cls = useTypographyClass(type, [`${prefixCls}-ellipsis`, `${prefixCls}-ellipsis-single-line`, className].filter(Boolean).join(' '));
  const ref = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const cutOff = (): boolean => Boolean(ref.current && ref.current.scrollWidth > ref.current.clientWidth);
  return (
    <Tooltip title={tooltip} open={open} onOpenChange={(next) => setOpen(next && cutOff())}>
      <Base component="span" className={cls} ref={ref} {...rest}>
        {content(children, strong)}
      </Base>
    </Tooltip>
  );
}
