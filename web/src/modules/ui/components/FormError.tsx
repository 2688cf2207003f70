import { Alert } from 'antd';
import type { ReactElement } from 'react';

type FormErrorProps = {
  message: string | null | undefined;
};

/** A form-level error under the fields, announced to screen readers; nothing when empty. */
export function FormError({ message }: FormErrorProps): ReactElement | null {
  if (!message) return null;
  return <Alert type="error" showIcon message={message} role="alert" style={{ marginBottom: 16 }} />;
}
