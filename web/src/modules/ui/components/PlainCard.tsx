import { ConfigProvider } from 'antd';
import useCardStyle from 'antd/es/card/style';
import { type CSSProperties, type ReactElement, type ReactNode, useContext } from 'react';

type PlainCardProps = {
  style?: CSSProperties;
  children: ReactNode;
};

/**
 * A bordered antd card with only a body: the same element, classes and styles as `<Card>`
 * without antd's Card module, which imports Tabs and Skeleton for its tab list and loading
 * state (about 20 KB over the wire on the landing page).
 */
export function PlainCard({ style, children }: PlainCardProps): ReactElement {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('card');
  const [wrapCSSVar, hashId, cssVarCls] = useCardStyle(prefixCls);
  const className = [prefixCls, `${prefixCls}-bordered`, hashId, cssVarCls].filter(Boolean).join(' ');
  return wrapCSSVar(
    <div className={className} style={style}>
      <div className={`${prefixCls}-body`}>{children}</div>
    </div>,
  );
}
