import { Button, Divider, Empty, Flex, Spin, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import { type ReactElement, type RefObject, useEffect, useMemo } from 'react';
import { senderName } from '../logic/chatRecords';
import { groupMessagesByDay, messageTime } from '../logic/messageDays';
import { chatScrollRequestAtom } from '../state/chatScrollRequestAtom';
import { chatSearchTermAtom } from '../state/chatSearchTermAtom';
import type { ChatMe, ChatMessage } from '../types/chat';
import { ChatFileMessage } from './ChatFileMessage';
import { MessageText } from './MessageText';

type MessageListProps = {
  messages: ChatMessage[];
  me: ChatMe | null;
  loading: boolean;
  /** Show the sender's name over others' messages (groups). */
  showSenders: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Older messages exist: a button loads them. */
  hasMore?: boolean;
  loadingEarlier?: boolean;
  onLoadEarlier?: () => void;
};

function isMine(message: ChatMessage, me: ChatMe | null): boolean {
  if (!me) return false;
  return message.senderId ? message.senderId === me._id : message.senderUserName === me.userName;
}

const useStyles = createStyles(({ token, css, cx }) => {
  const bubble = css`
    max-width: min(560px, 85%);
    padding: ${token.paddingXS}px ${token.paddingSM}px;
    border-radius: ${token.borderRadiusLG}px;
    border-end-start-radius: ${token.borderRadiusXS}px;
    background: ${token.colorBgContainer};
    color: ${token.colorText};
    box-shadow: ${token.boxShadowTertiary};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    line-height: 1.45;
  `;
  const mine = css`
    border-end-end-radius: ${token.borderRadiusXS}px;
    border-end-start-radius: ${token.borderRadiusLG}px;
    background: ${token.colorPrimary};
    color: ${token.colorTextLightSolid};
  `;
  const file = css`
    padding: ${token.paddingXXS}px;
    background: transparent;
    color: ${token.colorText};
    box-shadow: none;
  `;
  return {
    bubble,
    mine: cx(bubble, mine),
    file: cx(bubble, file),
    mineFile: cx(bubble, mine, file),
    sender: css`
      font-size: ${token.fontSizeSM}px;
      margin-inline: ${token.marginXS}px;
    `,
    time: css`
      font-size: ${token.fontSizeSM - 1}px;
      margin-inline: ${token.marginXS}px;
      margin-top: 2px;
    `,
    log: css`
      flex: 1;
      overflow-y: auto;
      padding: ${token.padding}px ${token.paddingLG}px;
      min-height: 0;
    `,
    spinner: css`
      padding: ${token.paddingLG}px;
    `,
    earlier: css`
      margin-bottom: ${token.marginSM}px;
    `,
    day: css`
      &.ant-divider {
        margin: ${token.marginSM}px 0;
        color: ${token.colorTextSecondary};
        font-size: ${token.fontSizeSM}px;
      }
    `,
  };
});

function MessageBubble({ message, mine, sender, showSender, term }: { message: ChatMessage; mine: boolean; sender: string; showSender: boolean; term: string }): ReactElement {
  const { styles } = useStyles();
  const file = message.isImage || message.isDocument;
  const time = messageTime(message.dateTime);
  return (
    <Flex vertical align={mine ? 'flex-end' : 'flex-start'} role="listitem" aria-label={`${sender}, ${time}`} data-message-id={message._id}>
      {showSender && !mine ? (
        <Typography.Text type="secondary" className={styles.sender}>
          {sender}
        </Typography.Text>
      ) : null}
      <div className={file ? (mine ? styles.mineFile : styles.file) : mine ? styles.mine : styles.bubble}>
        {file ? <ChatFileMessage msg={message.msg} isImage={message.isImage} originalFileName={message.originalFileName} /> : <MessageText text={message.msg} term={term} />}
      </div>
      <Typography.Text type="secondary" className={styles.time}>
        {time}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The room's messages under a separator per day (weekday, month, day, year), oldest first; it
 * scrolls to the bottom whenever the controller asks (room opened, new message, 2 s after entry).
 */
export function MessageList({ messages, me, loading, showSenders, scrollRef, hasMore, loadingEarlier, onLoadEarlier }: MessageListProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const term = useAtomValue(chatSearchTermAtom);
  const scrollRequest = useAtomValue(chatScrollRequestAtom);
  const days = useMemo(() => groupMessagesByDay(messages), [messages]);

  const newest = messages.at(-1)?._id;
  useEffect(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [scrollRequest, newest, scrollRef]);

  return (
    <div ref={scrollRef} role="log" aria-label="Messages" aria-live="polite" className={styles.log}>
      {loading && messages.length === 0 ? (
        <Flex justify="center" className={styles.spinner}>
          <Spin />
        </Flex>
      ) : null}
      {hasMore && messages.length > 0 ? (
        <Flex justify="center" className={styles.earlier}>
          <Button size="small" onClick={onLoadEarlier} loading={loadingEarlier}>
            Load earlier messages
          </Button>
        </Flex>
      ) : null}
      {!loading && messages.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages yet" /> : null}
      {days.map((day) => (
        <section key={day.key} aria-label={day.label || 'Messages'}>
          {day.label ? (
            <Divider plain className={styles.day}>
              {day.label}
            </Divider>
          ) : null}
          <Flex vertical gap={token.marginSM} role="list">
            {day.messages.map((message) => (
              <MessageBubble key={message._id} message={message} mine={isMine(message, me)} sender={senderName(message, me)} showSender={showSenders} term={term} />
            ))}
          </Flex>
        </section>
      ))}
    </div>
  );
}
