export { loginDialogOpenAtom } from './state/loginDialogOpenAtom';
export { signedInUserAtom } from './state/signedInUserAtom';
export { TOKEN_STORAGE_KEY, tokenAtom } from './state/tokenAtom';
export type { LoggedInAs, MailingAddress, SignedInUser } from './types/signedInUser';
