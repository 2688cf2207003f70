import { screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { alertsAtom } from '../../alerts/state/alertsAtom';
import { ApiError } from '../../api/apiError';
import { tokenAtom } from '../../session/state/tokenAtom';
import { renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { DocumentLink, documentFailure } from './DocumentLink';

afterEach(restoreFetch);

describe('a credential document link', () => {
  it('says why a document cannot be opened', () => {
    expect(documentFailure(new ApiError({ kind: 'http', status: 403, message: 'Forbidden' }))).toMatch(/^You may not see this document/);
    expect(documentFailure(new ApiError({ kind: 'http', status: 401, message: 'Unauthorized' }))).toBe('Sign in again to see this document');
    expect(documentFailure(new Error('x'))).toBe('The document could not be opened: try again');
  });

  it("fetches the document with the session's token and opens it in the tab opened on the click", async () => {
    const seen: { url: string; auth: string | null }[] = [];
    Object.defineProperty(globalThis, 'fetch', {
      configurable: true,
      writable: true,
      value: async (url: string, init: RequestInit) => {
        seen.push({ url, auth: new Headers(init.headers).get('Authorization') });
        return { ok: true, status: 200, blob: async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }) } as unknown as Response;
      },
    });
    const tab = { location: { href: '' }, close: () => undefined };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const created = jest.fn(() => 'blob:doc');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: created });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    // The app's API client reads the token from the app's (default) store.
    getDefaultStore().set(tokenAtom, 'T0K');
    const app = renderWithApp(<DocumentLink url="/api/files/abc.pdf">Document 1</DocumentLink>);
    await app.user.click(screen.getByRole('link', { name: 'Document 1' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:doc'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(seen).toEqual([{ url: '/api/files/abc.pdf', auth: 'Bearer T0K' }]);
    expect(app.store.get(alertsAtom)).toEqual([]);
    open.mockRestore();
    getDefaultStore().set(tokenAtom, null);
  });
});
