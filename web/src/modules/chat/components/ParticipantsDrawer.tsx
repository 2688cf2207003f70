import { Button, Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtom, useAtomValue } from 'jotai';
import { type ReactElement, useEffect, useState } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { CHAT_LABELS } from '../constants/chatConstants';
import { useChatController } from '../hooks/useChatController';
import { creatorName, groupMemberCount, isGroupCreator } from '../logic/chatRecords';
import { chatDrawerAtom } from '../state/chatDrawerAtom';
import type { ChatUser, GroupChat } from '../types/chat';
import { GroupNameInput } from './GroupNameInput';
import { MemberList } from './MemberList';
import { UserSearch } from './UserSearch';

const useStyles = createStyles(({ css }) => ({
  title: css`
    &.ant-typography {
      margin: 0;
    }
  `,
}));

/** The group's members as users: from the server's names when it sent them, else by id. */
function membersOf(chat: GroupChat): ChatUser[] {
  return chat.members.map((id) => chat.memberUsers.find((u) => u._id === id) ?? { _id: id, userName: '', displayName: 'Member' });
}

/**
 * 'Chat Participants (creator view)' or '(participant view)': the creator edits the title,
 * searches, adds and removes members and presses 'Update Group Chat'; a participant only sees them.
 */
export function ParticipantsDrawer({ chat }: { chat: GroupChat }): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const [drawer, setDrawer] = useAtom(chatDrawerAtom);
  const me = useAtomValue(signedInUserAtom);
  const controller = useChatController();
  const open = drawer === 'participants';
  const creator = isGroupCreator(chat, me);
  const [title, setTitle] = useState(chat.title);
  const [members, setMembers] = useState<ChatUser[]>(() => membersOf(chat));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setTitle(chat.title);
      setMembers(membersOf(chat));
    }
    // Reset from the chat each time the drawer opens (or another group's is shown).
  }, [open, chat._id]);

  const update = async (): Promise<void> => {
    setBusy(true);
    await controller.updateGroup(chat._id, title, members.map((m) => m._id));
    setBusy(false);
  };
  const creatorUser = { displayName: creatorName(chat, me), userName: chat.chatCreatorUseName };

  return (
    <SlideDrawer
      open={open}
      onClose={() => setDrawer(null)}
      placement="right"
      size="profile"
      title={creator ? CHAT_LABELS.participantsCreator : CHAT_LABELS.participantsMember}
      footer={
        creator ? (
          <Button type="primary" block onClick={() => void update()} loading={busy} disabled={!title.trim()}>
            {CHAT_LABELS.updateGroupChat}
          </Button>
        ) : undefined
      }
    >
      <Flex vertical gap={token.marginMD}>
        {creator ? (
          <GroupNameInput value={title} onChange={setTitle} />
        ) : (
          <div>
            <Typography.Title level={5} className={styles.title}>
              {chat.title}
            </Typography.Title>
            <Typography.Text type="secondary">{groupMemberCount(chat)} members</Typography.Text>
          </div>
        )}
        {creator && open ? (
          <UserSearch
            label="Search Members"
            onPick={(user) => {
              if (user._id === me?._id || user.userName === chat.chatCreatorUseName) return;
              setMembers((list) => (list.some((m) => m._id === user._id) ? list : [...list, user]));
            }}
            excludeIds={[...members.map((m) => m._id), me?._id ?? '']}
          />
        ) : null}
        <MemberList creator={creatorUser} members={members} onRemove={creator ? (user) => setMembers((list) => list.filter((m) => m._id !== user._id)) : undefined} />
      </Flex>
    </SlideDrawer>
  );
}
