import { FileOutlined } from '@ant-design/icons';
import { List, Typography } from 'antd';
import { type ReactElement, useState } from 'react';
import { FileDrop } from '../../widgets/components/FileDrop';
import { DemoBlock, DemoSection } from './DemoSection';

type Received = { key: string; name: string; type: string; size: number };

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The file drop area and the files it handed over. */
export function FileDropDemo(): ReactElement {
  const [files, setFiles] = useState<Received[]>([]);
  const onFile = (file: File): void =>
    setFiles((current) => [{ key: `${Date.now()}-${current.length}`, name: file.name, type: file.type || 'unknown type', size: file.size }, ...current]);
  return (
    <DemoSection
      title="File Drop"
      description="Highlights while a file is dragged over it and hands each dropped file to its handler; 'OR' the 'Select a File' button opens the file picker."
    >
      <DemoBlock title="Profile photo">
        <FileDrop onFile={onFile} accept="image/*" />
      </DemoBlock>
      <DemoBlock title="Received files">
        <List
          aria-label="Received files"
          size="small"
          locale={{ emptyText: <Typography.Text type="secondary">Drop or select a file to see it here.</Typography.Text> }}
          dataSource={files}
          renderItem={(file) => (
            <List.Item>
              <List.Item.Meta avatar={<FileOutlined />} title={file.name} description={`${file.type} · ${sizeText(file.size)}`} />
            </List.Item>
          )}
        />
        {files.length > 0 ? <Typography.Text type="secondary">{files.length} file(s) received</Typography.Text> : null}
      </DemoBlock>
    </DemoSection>
  );
}
