import { Alert } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';

type FormErrorProps = {
  message: string | null | undefined;
};

const useStyles = createStyles(({ token, css }) => ({
  error: css`
    && {
      margin-bottom: ${token.margin}px;
    }
  `,
}));

/** A form-level error under the fields, announced to screen readers; nothing when empty. */
export function FormError({ message }: FormErrorProps): ReactElement | null {
  const { styles } = useStyles();
  if (!message) return null;
  return <Alert type="error" showIcon message={message} role="alert" className={styles.error} />;
}
