import { useStyleRegister, type CSSObject } from '@ant-design/cssinjs';
import { theme, type GlobalToken } from 'antd';

/** Inserted after antd's own component styles (priority 0), so a class wins over antd's rule of the same specificity. */
const AFTER_ANTD = 1;

/**
 * antd-style's `createStyles` shape for the components of the first load (the top bar, the
 * landing page, the footer): antd-style and emotion would add to the initial JavaScript (its
 * budget, web/vite.config.mts) and miss the landing page's prerendered styles. This registers the
 * classes with antd's own CSS-in-JS engine instead, which is on the page already and whose cache
 * the prerender extracts (web/prerender.mts).
 *
 * `const useStyles = createTokenStyles('app-logo', (token) => ({ link: { color: token.colorText } }))`,
 * then `const { styles } = useStyles()` gives `styles.link === 'app-logo-link'`. Nested selectors
 * (`'&:hover'`, `'&.ant-typography'`) work as in antd's own styles.
 */
export function createTokenStyles<K extends string>(
  name: string,
  styles: (token: GlobalToken) => Record<K, CSSObject>,
): () => { styles: Record<K, string>; token: GlobalToken } {
  const classNameOf = (key: string): string => `${name}-${key}`;
  let classNames: Record<K, string> | undefined;
  return function useTokenStyles() {
    const { theme: antdTheme, token, hashId } = theme.useToken();
    useStyleRegister({ theme: antdTheme, token, hashId, path: ['app', name], order: AFTER_ANTD }, () =>
      Object.entries<CSSObject>(styles(token)).map(([key, css]) => ({ [`.${classNameOf(key)}`]: css })),
    );
    classNames ??= Object.fromEntries(Object.keys(styles(token)).map((key) => [key, classNameOf(key)])) as Record<K, string>;
    return { styles: classNames, token };
  };
}
