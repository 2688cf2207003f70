import { Button, Divider, Empty, Flex, Spin, Typography, theme } from 'antd';
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

function MessageBubble({ message, mine, sender, showSender, term }: { message: ChatMessage; mine: boolean; sender: string; showSender: boolean; term: string }): ReactElement {
  const { token } = theme.useToken();
  const file = message.isImage || message.isDocument;
  const time = messageTime(message.dateTime);
  return (
    <Flex vertical align={mine ? 'flex-end' : 'flex-start'} role="listitem" aria-label={`${sender}, ${time}`} data-message-id={message._id}>
      {showSender && !mine ? (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, marginInline: token.marginXS }}>
          {sender}
        </Typography.Text>
      ) : null}
      <div
        style={{
          maxWidth: 'min(560px, 85%)',
          padding: file ? token.paddingXXS : `${token.paddingXS}px ${token.paddingSM}px`,
          borderRadius: token.borderRadiusLG,
          borderEndEndRadius: mine ? token.borderRadiusXS : token.borderRadiusLG,
          borderEndStartRadius: mine ? token.borderRadiusLG : token.borderRadiusXS,
          background: file ? 'transparent' : mine ? token.colorPrimary : token.colorBgContainer,
          color: mine && !file ? token.colorTextLightSolid : token.colorText,
          boxShadow: file ? undefined : token.boxShadowTertiary,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          lineHeight: 1.45,
        }}
      >
        {file ? <ChatFileMessage msg={message.msg} isImage={message.isImage} originalFileName={message.originalFileName} /> : <MessageText text={message.msg} term={term} />}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM - 1, marginInline: token.marginXS, marginTop: 2 }}>
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
  const term = useAtomValue(chatSearchTermAtom);
  const scrollRequest = useAtomValue(chatScrollRequestAtom);
  const days = useMemo(() => groupMessagesByDay(messages), [messages]);

  const newest = messages.at(-1)?._id;
  useEffect(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [scrollRequest, newest, scrollRef]);

  return (
    <div ref={scrollRef} role="log" aria-label="Messages" aria-live="polite" style={{ flex: 1, overflowY: 'auto', padding: `${token.padding}px ${token.paddingLG}px`, minHeight: 0 }}>
      {loading && messages.length === 0 ? (
        <Flex justify="center" style={{ padding: token.paddingLG }}>
          <Spin />
        </Flex>
      ) : null}
      {hasMore && messages.length > 0 ? (
        <Flex justify="center" style={{ marginBottom: token.marginSM }}>
          <Button size="small" onClick={onLoadEarlier} loading={loadingEarlier}>
            Load earlier messages
          </Button>
        </Flex>
      ) : null}
      {!loading && messages.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages yet" /> : null}
      {days.map((day) => (
        <section key={day.key} aria-label={day.label || 'Messages'}>
          {day.label ? (
            <Divider plain style={{ margin: `${token.marginSM}px 0`, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
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
