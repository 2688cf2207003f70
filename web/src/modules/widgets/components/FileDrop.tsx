import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ChangeEvent, type DragEvent, type ReactElement, useRef, useState } from 'react';
import { FILE_DROP_DEFAULT_PROMPT, FILE_DROP_SELECT_LABEL, NO_FILE_SELECTED_MESSAGE } from '../constants/widgetConstants';

type FileDropProps = {
  /** Called once for each dropped or picked file. */
  onFile: (file: File) => void;
  /** The prompt (default 'Drag a profile photo here'). */
  prompt?: string;
  /** The file picker's accept filter (e.g. 'image/*'). */
  accept?: string;
  /** Let the picker choose several files. */
  multiple?: boolean;
  disabled?: boolean;
};

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

const useStyles = createStyles(({ token, css }) => ({
  area: css`
    border: 2px dashed ${token.colorBorder};
    background: ${token.colorFillQuaternary};
    border-radius: ${token.borderRadiusLG}px;
    padding: ${token.paddingLG}px ${token.padding}px;
    transition:
      background ${token.motionDurationMid},
      border-color ${token.motionDurationMid};
    opacity: 1;
  `,
  over: css`
    border-color: ${token.colorPrimary};
    background: ${token.colorPrimaryBg};
  `,
  disabled: css`
    opacity: 0.6;
  `,
  icon: css`
    && {
      font-size: 36px;
      color: ${token.colorTextTertiary};
    }
  `,
  iconOver: css`
    && {
      color: ${token.colorPrimary};
    }
  `,
  prompt: css`
    && {
      font-size: ${token.fontSizeLG}px;
    }
  `,
  or: css`
    && {
      letter-spacing: 1px;
    }
  `,
}));

/**
 * A drop area for files: it highlights while a file is dragged over it and hands each dropped
 * file to `onFile`; 'OR' a 'Select a File' button opens the file picker. A picker closed
 * without a file is only logged ('No file is selected!').
 */
export function FileDrop({ onFile, prompt = FILE_DROP_DEFAULT_PROMPT, accept, multiple, disabled }: FileDropProps): ReactElement {
  const { token } = theme.useToken();
  const { styles, cx } = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const depth = useRef(0);
  const [over, setOver] = useState(false);

  const onDragEnter = (event: DragEvent<HTMLDivElement>): void => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>): void => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDragLeave = (): void => {
    depth.current = Math.max(depth.current - 1, 0);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    if (disabled) return;
    for (const file of Array.from(event.dataTransfer?.files ?? [])) onFile(file);
  };
  const onPicked = (event: ChangeEvent<HTMLInputElement>): void => {
    const files = Array.from(event.target.files ?? []);
    if (files.length === 0) {
      console.log(NO_FILE_SELECTED_MESSAGE);
      return;
    }
    for (const file of files) onFile(file);
    event.target.value = '';
  };

  return (
    <div
      role="group"
      aria-label={prompt}
      data-drag-over={over ? 'true' : 'false'}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cx(styles.area, over && styles.over, disabled && styles.disabled)}
    >
      <Flex vertical align="center" gap={token.marginXS}>
        <CloudUploadOutlined aria-hidden className={cx(styles.icon, over && styles.iconOver)} />
        <Typography.Text strong className={styles.prompt}>
          {prompt}
        </Typography.Text>
        <Typography.Text type="secondary" className={styles.or}>
          OR
        </Typography.Text>
        <Button type="primary" ghost disabled={disabled} onClick={() => input.current?.click()}>
          {FILE_DROP_SELECT_LABEL}
        </Button>
        <input
          ref={input}
          type="file"
          accept={accept}
          multiple={multiple}
          hidden
          aria-label={FILE_DROP_SELECT_LABEL}
          onChange={onPicked}
        />
      </Flex>
    </div>
  );
}
