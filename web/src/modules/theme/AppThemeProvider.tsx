import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactElement, ReactNode } from 'react';
import { appTheme } from './appTheme';

type AppThemeProviderProps = {
  children: ReactNode;
};

/** antd theme and locale, with antd's App for message, notification and modal context. */
export function AppThemeProvider({ children }: AppThemeProviderProps): ReactElement {
  return (
    <ConfigProvider theme={appTheme} locale={enUS}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
