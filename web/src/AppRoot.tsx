import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { AppQueryProvider } from './modules/api/AppQueryProvider';
import { AppThemeProvider } from './modules/theme/AppThemeProvider';

type AppRootProps = {
  /** The router. */
  children: ReactNode;
};

/** What wraps the router, in the browser (main.tsx) and in the build's prerender (prerender.tsx) alike. */
export function AppRoot({ children }: AppRootProps): ReactElement {
  return (
    <StrictMode>
      <AppQueryProvider>
        <AppThemeProvider>{children}</AppThemeProvider>
      </AppQueryProvider>
    </StrictMode>
  );
}
