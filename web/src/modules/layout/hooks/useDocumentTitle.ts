import { useEffect } from 'react';
import { APP_NAME } from '../../site/constants/siteInfo';

/** Sets the browser tab title to "<title> | Credentialing Suite" (just the app name when empty). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
