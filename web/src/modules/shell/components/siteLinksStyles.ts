import { createTokenStyles } from '../../theme/tokenStyles';

/**
 * The footer's and the site map's sections: a small uppercase heading over a plain list of links
 * (no bullets or indent, a small gap under each).
 */
export const useSiteLinksStyles = createTokenStyles('site-links', (token) => ({
  heading: { '&.ant-typography': { fontSize: token.fontSize, textTransform: 'uppercase', letterSpacing: 0.5 } },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  item: { marginBottom: token.marginXS },
  link: { color: token.colorLink },
  icon: { marginInlineEnd: token.marginXS },
}));
