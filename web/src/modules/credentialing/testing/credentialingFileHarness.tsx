/** The credentialing file of the CredentialingFile specs (CredentialingFile.spec.tsx, CredentialingFile.decisions.spec.tsx). */
import { createStore } from 'jotai';
import { renderWithApp } from '../../../testing/renderWithApp';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import type { FileView } from '../api/credentialingApi';
import { CredentialingFile } from '../components/CredentialingFile';
import { PROVIDER_ID, TODAY } from './file.fixture';

export const FILE = `/api/v1/credentialing/files/${PROVIDER_ID}`;

function signedIn(id: string, masterAdmin = false) {
  const store = createStore();
  store.set(signedInUserAtom, { _id: id, isMasterAdmin: masterAdmin, isAdmin: masterAdmin, isProvider: !masterAdmin, email: 'x@y.test', userName: 'x' } as never);
  return store;
}

/** The provider's file as the signed-in user `id` sees it (on fake timers: useFakeDay). */
export function render(id: string, options: { masterAdmin?: boolean } = {}) {
  return renderWithApp(<CredentialingFile providerId={PROVIDER_ID} today={TODAY} />, {
    store: signedIn(id, options.masterAdmin),
    userEvent: { advanceTimers: (ms) => jest.advanceTimersByTime(ms) },
  });
}

export const reply = (file: FileView) => ({ body: { success: true, file } });
