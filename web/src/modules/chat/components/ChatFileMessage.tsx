import { FileExcelOutlined, FileOutlined, FilePdfOutlined, FilePptOutlined, FileTextOutlined, FileWordOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Image, Skeleton, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useEffect, useState } from 'react';
import { chatApi } from '../api/chatApi';
import { IMAGE_PREVIEW_MAX_HEIGHT_PX, IMAGE_PREVIEW_WIDTH_PX } from '../constants/chatConstants';
import { chatKeys } from '../logic/chatCache';
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

const useStyles = createStyles(({ token, css }) => ({
  image: css`
    max-height: ${IMAGE_PREVIEW_MAX_HEIGHT_PX}px;
    object-fit: cover;
    border-radius: ${token.borderRadius}px;
    display: block;
  `,
  placeholder: css`
    width: ${IMAGE_PREVIEW_WIDTH_PX}px;
    max-width: 100%;
  `,
  // antd puts the class on the skeleton and on its image box; its own size rule is as specific as this.
  skeleton: css`
    &.ant-skeleton-element .ant-skeleton-image {
      width: ${IMAGE_PREVIEW_WIDTH_PX}px;
      height: 120px;
    }
  `,
  document: css`
    &.ant-btn {
      height: auto;
      padding: ${token.paddingXS}px ${token.paddingSM}px;
      max-width: 280px;
      text-align: start;
    }
  `,
  documentRow: css`
    min-width: 0;
  `,
  documentIcon: css`
    font-size: 28px;
  `,
  documentName: css`
    &.ant-typography {
      max-width: 200px;
    }
  `,
}));

/** An object URL for a blob while it is shown (revoked when the blob changes or the component goes). */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => {
      setSrc(null);
      URL.revokeObjectURL(objectUrl);
    };
  }, [blob]);
  return src;
}

/** Reads a chat file with the session token (chat files are for the room's participants) into an object URL. */
function useFileObjectUrl(url: string | null, enabled: boolean): { src: string | null; failed: boolean } {
  const file = useQuery({
    queryKey: chatKeys.file(url ?? ''),
    queryFn: () => chatApi.fetchFile(url ?? ''),
    enabled: Boolean(url) && enabled,
    // A file at a URL never changes: read once per page.
    staleTime: Infinity,
  });
  return { src: useObjectUrl(file.data), failed: file.isError };
}

type ChatFileMessageProps = { msg: string; isImage: boolean; originalFileName?: string };

/**
 * An image preview (200 px wide, at most 400 px high, click to enlarge) or a document with the
 * icon of its ending and its original file name (click to download).
 */
export function ChatFileMessage({ msg, isImage, originalFileName }: ChatFileMessageProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
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
          className={styles.image}
        />
      );
    }
    return (
      <div role="img" aria-label={name} className={styles.placeholder}>
        {image.failed ? <Typography.Text type="secondary">{name}</Typography.Text> : <Skeleton.Image active className={styles.skeleton} />}
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
      className={styles.document}
    >
      <Flex align="center" gap={token.marginSM} className={styles.documentRow}>
        {/* Colour inline: the file kind's brand colour, picked at run time. */}
        <Icon aria-hidden className={styles.documentIcon} style={{ color: ICON_COLOURS[kind] }} />
        <Typography.Text ellipsis className={styles.documentName}>
          {name}
        </Typography.Text>
      </Flex>
    </Button>
  );
}
