import { useAtom } from 'jotai';
import type { ReactElement } from 'react';
import { AppDialog } from '../../ui/components/AppDialog';
import { contactDialogOpenAtom } from '../state/contactDialogOpenAtom';
import { ContactDetails } from './ContactDetails';

/** The fixed contact details, opened from the avatar menu's Contact. */
export function ContactDialog(): ReactElement {
  const [open, setOpen] = useAtom(contactDialogOpenAtom);
  return (
    <AppDialog title="Contact Us" open={open} onCancel={() => setOpen(false)}>
      <ContactDetails />
    </AppDialog>
  );
}
