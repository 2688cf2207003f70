import { Modal, type ModalProps } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useDialogWidth } from '../../layout/hooks/useDialogWidth';

type AppDialogProps = Omit<ModalProps, 'width' | 'footer' | 'children'> & {
  children: ReactNode;
};

/**
 * A dialog of the product's size (spec §9): 350 px wide, or the window width minus 16 at
 * 576 px or narrower. Its content carries its own buttons (inside its form), so there is no
 * modal footer; the content is unmounted when closed, which resets the form.
 */
export function AppDialog({ children, style, ...props }: AppDialogProps): ReactElement {
  const width = useDialogWidth();
  return (
    <Modal width={width} footer={null} destroyOnHidden style={{ maxWidth: 'calc(100vw - 16px)', ...style }} {...props}>
      {children}
    </Modal>
  );
}
