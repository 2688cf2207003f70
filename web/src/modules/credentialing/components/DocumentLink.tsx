import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { useAlerts } from '../../alerts/hooks/useAlerts';
import { ApiError } from '../../api/apiError';
import { apiClient } from '../../session/api/apiClient';

type DocumentLinkProps = {
  /** The document's `/api/files/...` URL. */
  url: string;
  children: ReactNode;
  className?: string;
};

/** What the toast says when a document cannot be opened. */
export function documentFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return 'You may not see this document: only the provider, their credentialing staff and the master admin do';
  if (error instanceof ApiError && error.status === 401) return 'Sign in again to see this document';
  if (error instanceof ApiError && error.status === 404) return 'This document no longer exists';
  return 'The document could not be opened: try again';
}

/**
 * A credential's document or a verification's evidence. The server serves them only to a
 * signed-in caller who may see the file, so a plain link (no token) would be refused: the click
 * fetches the file with the session's token and opens it in a new tab (the tab is opened on the
 * click itself, so no pop-up blocker stops it).
 */
export function DocumentLink({ url, children, className }: DocumentLinkProps): ReactElement {
  const { pushAlert } = useAlerts();
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const tab = window.open('', '_blank');
    try {
      const blob = await apiClient.getBlob(url, { auth: true });
      const objectUrl = URL.createObjectURL(blob);
      if (tab) tab.location.href = objectUrl;
      else window.location.assign(objectUrl);
      window.setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    } catch (error) {
      tab?.close();
      pushAlert({ headerText: 'Document', headerIcon: 'error', bodyText: documentFailure(error), autoDismiss: true, autoDismissTime: 6000 });
    }
  };
  return (
    <a href={url} onClick={(event) => void open(event)} className={className} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
