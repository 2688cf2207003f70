import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Select, Typography, Upload, theme } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement, ReactNode } from 'react';
import { DOCUMENT_ACCEPT } from '../logic/otherForms';

/** The spacing of the credentialing forms: 12 px under each field and under a form's failure. */
export const useFormStyles = createStyles(({ token, css }) => ({
  field: css`
    && {
      margin-bottom: ${token.marginSM}px;
    }
  `,
  fill: css`
    && {
      width: 100%;
    }
  `,
}));

type FieldBoxProps = { label: string; required?: boolean; error?: string | null; extra?: ReactNode; children: ReactNode };

/** A labelled field of the credentialing forms with its message under it (the product's validation style). */
export function FieldBox({ label, required, error, extra, children }: FieldBoxProps): ReactElement {
  const { styles } = useFormStyles();
  return (
    <Form.Item label={required ? `${label}*` : label} validateStatus={error ? 'error' : undefined} help={error || undefined} extra={extra} className={styles.field} colon={false}>
      {children}
    </Form.Item>
  );
}

type TextControlProps = { label: string; value: string; onChange: (value: string) => void; multiline?: boolean; placeholder?: string; maxLength?: number };

export function TextControl({ label, value, onChange, multiline, placeholder, maxLength }: TextControlProps): ReactElement {
  return multiline ? (
    <Input.TextArea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} placeholder={placeholder} maxLength={maxLength} />
  ) : (
    <Input aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} maxLength={maxLength} inputMode={placeholder === 'mm/dd/yyyy' ? 'numeric' : undefined} />
  );
}

type SelectControlProps = { label: string; value: string; onChange: (value: string) => void; options: readonly string[]; multiple?: boolean };

/** A select of fixed values; several values are kept comma-joined in the options' order (DEA schedules: 2, 2N, 3, ...). */
export function SelectControl({ label, value, onChange, options, multiple }: SelectControlProps): ReactElement {
  const { styles } = useFormStyles();
  return multiple ? (
    <Select
      aria-label={label}
      mode="multiple"
      value={value ? value.split(',') : []}
      onChange={(next: string[]) => onChange(options.filter((o) => next.includes(o)).join(','))}
      options={options.map((o) => ({ value: o, label: o }))}
      className={styles.fill}
      placeholder="Choose"
    />
  ) : (
    <Select aria-label={label} value={value || undefined} onChange={(next: string) => onChange(next)} options={options.map((o) => ({ value: o, label: o }))} className={styles.fill} placeholder="Choose" />
  );
}

type DocumentControlProps = { label: string; file: File | null; onChange: (file: File | null) => void };

/** Picks one PDF or image (sent with the form, not uploaded on its own). */
export function DocumentControl({ label, file, onChange }: DocumentControlProps): ReactElement {
  return (
    <Upload
      accept={DOCUMENT_ACCEPT}
      maxCount={1}
      beforeUpload={(picked) => {
        onChange(picked);
        return false;
      }}
      onRemove={() => onChange(null)}
      fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
    >
      <Button icon={<UploadOutlined />} aria-label={`${label}: choose a file`}>
        {file ? 'Replace file' : 'Choose PDF or image'}
      </Button>
    </Upload>
  );
}

/** A form's failure that belongs to no field, above its footer. */
export function FormFailure({ message }: { message: string }): ReactElement {
  const { styles } = useFormStyles();
  return <Alert type="error" showIcon message={message} role="alert" className={styles.field} />;
}

/** A form's last row: '*Required fields' and its button. */
export function FormFooter({ children }: { children: ReactNode }): ReactElement {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center" gap={token.marginXS}>
      <Typography.Text type="secondary">*Required fields</Typography.Text>
      {children}
    </Flex>
  );
}
