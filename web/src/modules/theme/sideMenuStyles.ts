import { createStyles } from 'antd-style';

/** An inline antd Menu inside a side panel: no border of its own, the panel's background. */
export const useSideMenuStyles = createStyles(({ css }) => ({
  // As specific as antd's own border and background of an inline root menu.
  menu: css`
    &.ant-menu-root.ant-menu-inline {
      border-inline-end: 0;
      background: transparent;
    }
  `,
}));
