import { dialogWidth } from '../constants/sizing';
import { useWindowWidth } from './useWindowWidth';

/** Width for a dialog: 350 px, or the window width minus 16 at 576 px or narrower. */
export function useDialogWidth(): number {
  return dialogWidth(useWindowWidth());
}
