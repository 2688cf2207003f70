import { FileExcelOutlined, FileOutlined, FilePdfOutlined, FilePptOutlined, FileTextOutlined, FileWordOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Skeleton, Typography, theme } from 'antd';
import { type ReactElement, useEffect, useState } from 'react';
import { chatApi } from '../api/chatApi';
import { IMAGE_PREVIEW_MAX_HEIGHT_PX, IMAGE_PREVIEW_WIDTH_PX } from '../constants/chatConstants';
import { type DocumentIconKind, documentIconKind, fileDisplayName } from '../logic/chatFiles';
import { chatFileUrl } from '../logic/chatFileUrl';

const ICONS: Record<DocumentIconKind, typeof FileOutlined> = {
  word: FileWordOutlined,
  excel: FileExcelOutlined,
  powerpoint: FilePptOutlined,
  pdf: FilePdfOutlined,
  text: FileTextOutlined,
  file: FileOutlined,
};

const ICON_COLOURS: Record<DocumentIconKind, string> = {
  word: '#2b579a',
  excel: '#217346',
  powerpoint: '#d24726',
  pdf: '#c9372c',
  text: '#5a6b7b',
  file: '#5a6b7b',
};

/** Reads a chat file with the session token (chat files are for the room's participants) into an object URL. */
function useFileObjectUrl(url: string | null, enabled: boolean): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url || !enabled) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    chatApi
      .fetchFile(url)
      .then((blob) => {
        if (!live || typeof URL.createObjectURL !== 'function') return;
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => live && setState({ src: null, failed: true }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, enabled]);
  return state;
}

type ChatFileMessageProps = { msg: string; isImage: boolean; originalFileName?: string };

/**
 * An image preview (200 px wide, at most 400 px high, click to enlarge) or a document with the
 * icon of its ending and its original file name (click to download).
 */
export function ChatFileMessage({ msg, isImage, originalFileName }: ChatFileMessageProps): ReactElement {
  const { token } = theme.useToken();
  const url = chatFileUrl(msg);
  const name = fileDisplayName(msg, originalFileName);
  const image = useFileObjectUrl(url, isImage);

  if (isImage) {
    if (image.src) {
      return (
        <Image
          src={image.src}
          alt={name}
          width={IMAGE_PREVIEW_WIDTH_PX}
          style={{ maxHeight: IMAGE_PREVIEW_MAX_HEIGHT_PX, objectFit: 'cover', borderRadius: token.borderRadius, display: 'block' }}
        />
      );
    }
    return (
      <div role="img" aria-label={name} style={{ width: IMAGE_PREVIEW_WIDTH_PX, maxWidth: '100%' }}>
        {image.failed ? <Typography.Text type="secondary">{name}</Typography.Text> : <Skeleton.Image active style={{ width: IMAGE_PREVIEW_WIDTH_PX, height: 120 }} />}
      </div>
    );
  }

  const kind = documentIconKind(originalFileName || msg);
  const Icon = ICONS[kind];
  const download = async (): Promise<void> => {
    if (!url) return;
    try {
      const blob = await chatApi.fetchFile(url);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      // Failures are only logged (spec §8).
    }
  };
  return (
    <Button
      onClick={() => void download()}
      disabled={!url}
      data-file-kind={kind}
      aria-label={`Download ${name}`}
      style={{ height: 'auto', padding: `${token.paddingXS}px ${token.paddingSM}px`, maxWidth: 280, textAlign: 'start' }}
    >
      <Flex align="center" gap={token.marginSM} style={{ minWidth: 0 }}>
        <Icon aria-hidden style={{ fontSize: 28, color: ICON_COLOURS[kind] }} />
        <Typography.Text ellipsis style={{ maxWidth: 200 }}>
          {name}
        </Typography.Text>
      </Flex>
    </Button>
  );
}
