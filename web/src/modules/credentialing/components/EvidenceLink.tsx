import { FileSearchOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useState } from 'react';
import { useDialogWidth } from '../../layout/hooks/useDialogWidth';
import type { VerificationView } from '../api/credentialingApi';
import { DocumentLink } from './DocumentLink';

const useStyles = createStyles(({ css }) => ({
  link: css`
    && {
      padding: 0;
    }
  `,
}));

function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'object' && item !== null ? Object.values(item).filter((x) => x !== null && x !== '').join(' ') : String(item))).join(', ') || '—';
  }
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** A verification's evidence: the uploaded document (a link), or the stored registry row it was matched against (opens it). */
export function EvidenceLink({ verification }: { verification: VerificationView }): ReactElement | null {
  const { styles } = useStyles();
  const [open, setOpen] = useState(false);
  const width = useDialogWidth();
  const evidence = verification.evidence;
  if (!evidence) return null;
  if (evidence.kind === 'document') {
    return (
      <DocumentLink url={evidence.fileUrl}>
        <PaperClipOutlined /> {evidence.fileName || 'Evidence'}
      </DocumentLink>
    );
  }
  const snapshot = (typeof evidence.snapshot === 'object' && evidence.snapshot !== null ? evidence.snapshot : { value: evidence.snapshot }) as Record<string, unknown>;
  return (
    <>
      <Button type="link" size="small" icon={<FileSearchOutlined />} onClick={() => setOpen(true)} className={styles.link}>
        {evidence.source} record
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={`${evidence.source} record (stored ${verification.verifiedOn})`} width={Math.max(width, Math.min(560, window.innerWidth - 16))}>
        <Typography.Paragraph type="secondary">The registry row the automatic check was matched against, as stored with the verification.</Typography.Paragraph>
        <Descriptions size="small" column={1} bordered items={Object.entries(snapshot).map(([key, value]) => ({ key, label: key, children: cellText(value) }))} />
      </Modal>
    </>
  );
}
