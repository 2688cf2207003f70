import { theme } from 'antd';
import { appTheme } from './appTheme';

/** WCAG relative luminance of an opaque colour, or of a translucent black/white over `under`. */
function luminance(colour: string, under = '#ffffff'): number {
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  let channels: number[];
  const rgba = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(colour.replace(/\s+/g, ' ').replace(/ ,/g, ','));
  if (rgba) {
    const alpha = rgba[4] === undefined ? 1 : Number(rgba[4]);
    const base = rgb(under);
    channels = [1, 2, 3].map((i, k) => (Number(rgba[i]) / 255) * alpha + base[k] * (1 - alpha));
  } else channels = rgb(colour);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(text: string, background: string): number {
  const [a, b] = [luminance(text, background), luminance(background)].sort((x, y) => y - x);
  return Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100;
}

describe('app theme: text contrast (WCAG 2.2 AA, 4.5:1)', () => {
  const token = theme.getDesignToken(appTheme);

  it.each(['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorSuccessText', 'colorWarningText', 'colorErrorText', 'colorLink', 'colorLinkHover', 'colorPrimaryText'] as const)(
    '%s reads on white and on the layout background',
    (name) => {
      expect(contrast(token[name], '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token[name], token.colorBgLayout)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorError'] as const)('white text reads on %s (primary and danger buttons)', (name) => {
    expect(contrast('#ffffff', token[name])).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['colorSuccessText', 'colorSuccessBg'],
    ['colorWarningText', 'colorWarningBg'],
  ] as const)('%s reads on %s (status tags and alerts)', (text, background) => {
    expect(contrast(token[text], token[background])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['green', 'orange', 'volcano', 'cyan', 'gold', 'red', 'blue'] as const)('a %s tag reads on its own background', (colour) => {
    expect(contrast(token[`${colour}7`], token[`${colour}1`])).toBeGreaterThanOrEqual(4.5);
  });

  it('a loading button keeps its colours (no fade under 4.5:1)', () => {
    expect(token.opacityLoading).toBe(1);
  });
});
