import type { ThemeConfig } from 'antd';

/** A calm healthcare blue; every other colour is derived by antd from the seed tokens. */
export const BRAND_PRIMARY = '#1769aa';

export const appTheme: ThemeConfig = {
  cssVar: true,
  hashed: false,
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorInfo: BRAND_PRIMARY,
    colorSuccess: '#2e8b57',
    colorWarning: '#d48806',
    colorError: '#c9372c',
    colorLink: BRAND_PRIMARY,
    colorBgLayout: '#f5f8fb',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};
