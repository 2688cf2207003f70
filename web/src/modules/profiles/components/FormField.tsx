import { Form, Input } from 'antd';
import type { ReactElement } from 'react';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';

type FormFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message shown under the field (only once it was edited). */
  error?: string | null;
  required?: boolean;
  multiline?: boolean;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
};

/** A labelled text input of the profile forms with its message under it. */
export function FormField({ label, value, onChange, error, required, multiline, placeholder, maxLength, disabled }: FormFieldProps): ReactElement {
  const { styles } = useDialogFormStyles();
  const input = multiline ? (
    <Input.TextArea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} autoSize={{ minRows: 3, maxRows: 8 }} placeholder={placeholder} maxLength={maxLength} disabled={disabled} />
  ) : (
    <Input aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} maxLength={maxLength} disabled={disabled} />
  );
  return (
    <Form.Item
      label={required ? `${label}*` : label}
      validateStatus={error ? 'error' : undefined}
      help={error || undefined}
      className={styles.item}
      colon={false}
    >
      {input}
    </Form.Item>
  );
}
