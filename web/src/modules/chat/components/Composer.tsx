import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Tooltip, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ChangeEvent, type KeyboardEvent, type ReactElement, useRef, useState } from 'react';
import { CHAT_FILE_ACCEPT, CHAT_LABELS } from '../constants/chatConstants';
import { refusedChatFileMessage } from '../logic/chatFiles';

type ComposerProps = {
  title: string;
  onSend: (text: string) => Promise<boolean>;
  onFile: (file: File) => Promise<boolean>;
  /** Called after a message or file went out (the compose drawer closes on narrow screens). */
  onSent?: () => void;
  autoFocus?: boolean;
};

const useStyles = createStyles(({ token, css }) => ({
  to: css`
    font-size: ${token.fontSizeSM}px;
  `,
  box: css`
    flex: 1;
  `,
}));

/**
 * 'To: {title}', a 'Type message' box (Enter sends, Shift+Enter starts a new line), the
 * paperclip file picker (pdf, Word, Excel, PowerPoint, png, jpg) and Send, which does
 * nothing while the message is empty.
 */
export function Composer({ title, onSend, onFile, onSent, autoFocus }: ComposerProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const send = async (): Promise<void> => {
    if (!text.trim() || busy) return;
    // The box empties as the message goes (it shows in the room as soon as the cache has it)
    // and gets the text back if the send fails.
    const draft = text;
    setText('');
    setBusy(true);
    const sent = await onSend(draft);
    setBusy(false);
    if (sent) onSent?.();
    else setText((current) => current || draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  const onPicked = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      console.log('No file is selected!');
      return;
    }
    const refused = refusedChatFileMessage(file.name);
    if (refused) {
      message.warning(refused);
      return;
    }
    setBusy(true);
    const sent = await onFile(file);
    setBusy(false);
    if (sent) onSent?.();
  };

  return (
    <Flex vertical gap={token.marginXS} role="form" aria-label="Compose message">
      <Typography.Text type="secondary" ellipsis className={styles.to}>
        To: <Typography.Text strong>{title}</Typography.Text>
      </Typography.Text>
      <Flex gap={token.marginXS} align="flex-end">
        <Tooltip title="Attach a file">
          <Button type="text" icon={<PaperClipOutlined />} aria-label="Attach a file" onClick={() => picker.current?.click()} disabled={busy} />
        </Tooltip>
        <input ref={picker} type="file" hidden accept={CHAT_FILE_ACCEPT} aria-label="Choose a file to send" onChange={(event) => void onPicked(event)} />
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={CHAT_LABELS.typeMessage}
          aria-label={CHAT_LABELS.typeMessage}
          autoSize={{ minRows: 1, maxRows: 6 }}
          autoFocus={autoFocus}
          className={styles.box}
        />
        <Button type="primary" icon={<SendOutlined aria-hidden />} aria-label={CHAT_LABELS.send} onClick={() => void send()} loading={busy}>
          {CHAT_LABELS.send}
        </Button>
      </Flex>
    </Flex>
  );
}
