import { Button, type ButtonProps, ConfigProvider, theme } from 'antd';
import type { ReactElement } from 'react';

/** The product's button types (widgets spec §9). */
export type AppButtonKind = 'primary' | 'warning' | 'success' | 'danger' | 'error';

export const APP_BUTTON_KINDS: readonly AppButtonKind[] = ['primary', 'warning', 'success', 'danger', 'error'];

type AppButtonProps = Omit<ButtonProps, 'type' | 'danger' | 'color' | 'variant'> & {
  kind?: AppButtonKind;
  /** 'solid' (filled) or 'outlined'. */
  appearance?: 'solid' | 'outlined';
};

/** An antd button in one of the product's button types, coloured from the theme tokens. */
export function AppButton({ kind = 'primary', appearance = 'solid', ...props }: AppButtonProps): ReactElement {
  const { token } = theme.useToken();
  const colorByKind: Record<AppButtonKind, string> = {
    primary: token.colorPrimary,
    // The text shades: white on them (and them on white) reads at 4.5:1 or more (WCAG 2.2 AA).
    warning: token.colorWarningText,
    success: token.colorSuccessText,
    danger: token.colorError,
    error: token.colorErrorActive,
  };
  const color = colorByKind[kind];
  return (
    <ConfigProvider theme={{ token: { colorPrimary: color, colorLink: color } }}>
      <Button type="primary" ghost={appearance === 'outlined'} {...props} />
    </ConfigProvider>
  );
}
