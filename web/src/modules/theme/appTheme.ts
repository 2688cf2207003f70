import type { ThemeConfig } from 'antd';

/** A calm healthcare blue; every other colour is derived by antd from the seed tokens. */
export const BRAND_PRIMARY = '#1769aa';

/** Darker 7th shades of antd's preset colours, under both names antd gives them (green7, green-7). */
const PRESET_TEXT_SHADES = Object.fromEntries(
  Object.entries({ green: '#237804', orange: '#ad4e00', volcano: '#ad2102', cyan: '#006d75', gold: '#874d00' }).flatMap(([colour, shade]) => [
    [`${colour}7`, shade],
    [`${colour}-7`, shade],
  ]),
) as NonNullable<ThemeConfig['token']>;

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
    // WCAG 2.2 AA text contrast (4.5:1 on white and on the layout's #f5f8fb): antd's muted grey
    // (45% black, 3.4:1) and its green and amber texts (4.3:1, 2.9:1) are darkened; the brand
    // blue itself (5.8:1 with white) stays, its hover (white on #3782b8: 4.2:1) is the active shade.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorSuccessText: '#23704a',
    // antd derives a grey-green #c0ccc3 from the success seed (the success text on it 3.6:1): a light green (5.5:1).
    colorSuccessBg: '#edf7f0',
    colorSuccessBorder: '#a9d3b8',
    colorWarningText: '#8a5a00',
    colorPrimaryHover: '#135d96',
    colorPrimaryTextHover: '#135d96',
    colorLinkHover: '#135d96',
    colorBgLayout: '#f5f8fb',
    // Preset tag colours (Tag color="green" etc.) write their 7th shade on their 1st: antd's green,
    // orange, volcano, cyan and gold are under 4.5:1 there, so they take a darker shade.
    ...PRESET_TEXT_SHADES,
    // A loading button keeps its colours (antd fades it to 65%, text then under 4.5:1): the spinner says it is busy.
    opacityLoading: 1,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};
