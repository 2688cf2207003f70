import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithApp } from '../../../testing/renderWithApp';
import { siteMapOpenAtom } from '../state/siteMapOpenAtom';
import { SiteMapDrawer } from './SiteMapDrawer';

describe('SiteMapDrawer', () => {
  it('stays open when it mounts after the user opened it (the drawer is lazy-loaded)', async () => {
    const store = createStore();
    store.set(siteMapOpenAtom, true);
    renderWithApp(<SiteMapDrawer />, { store, path: '/legal/tos' });

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('heading', { name: 'Legal' })).toBeTruthy();
    expect(store.get(siteMapOpenAtom)).toBe(true);
  });

  it('closes when the user follows one of its links', async () => {
    const store = createStore();
    store.set(siteMapOpenAtom, true);
    const { user, location } = renderWithApp(<SiteMapDrawer />, { store, path: '/legal/tos' });

    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('link', { name: 'HIPAA Policy' }));

    expect(location().pathname).toBe('/legal/hPolicy');
    await waitFor(() => expect(store.get(siteMapOpenAtom)).toBe(false));
  });
});
