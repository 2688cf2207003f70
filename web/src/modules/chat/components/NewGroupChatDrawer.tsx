import { Button, Flex, theme } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { type ReactElement, useEffect, useState } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { CHAT_LABELS } from '../constants/chatConstants';
import { useChatController } from '../hooks/useChatController';
import { chatDrawerAtom } from '../state/chatDrawerAtom';
import type { ChatUser } from '../types/chat';
import { GroupNameInput } from './GroupNameInput';
import { MemberList } from './MemberList';
import { UserSearch } from './UserSearch';

/** 'New Group Chat': the group name, a member search, the creator as 'Chat Creator', members with a remove icon, 'Create Chat'. */
export function NewGroupChatDrawer(): ReactElement {
  const { token } = theme.useToken();
  const [drawer, setDrawer] = useAtom(chatDrawerAtom);
  const me = useAtomValue(signedInUserAtom);
  const controller = useChatController();
  const open = drawer === 'newGroupChat';
  const [title, setTitle] = useState('');
  const [members, setMembers] = useState<ChatUser[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setTitle('');
      setMembers([]);
    }
  }, [open]);

  const add = (user: ChatUser): void => {
    if (user._id === me?._id) return;
    setMembers((list) => (list.some((m) => m._id === user._id) ? list : [...list, user]));
  };
  const create = async (): Promise<void> => {
    setBusy(true);
    await controller.createGroup(title, members.map((m) => m._id));
    setBusy(false);
  };

  return (
    <SlideDrawer
      open={open}
      onClose={() => setDrawer(null)}
      placement="left"
      size="profile"
      title={CHAT_LABELS.newGroupChat}
      footer={
        <Button type="primary" block onClick={() => void create()} loading={busy} disabled={!title.trim() || members.length === 0}>
          {CHAT_LABELS.createChat}
        </Button>
      }
    >
      <Flex vertical gap={token.marginMD}>
        <GroupNameInput value={title} onChange={setTitle} placeholder="Group Name" />
        {open ? <UserSearch label="Search Members" onPick={add} excludeIds={[...members.map((m) => m._id), me?._id ?? '']} /> : null}
        <MemberList creator={{ displayName: me?.displayName ?? '', userName: me?.userName ?? '' }} members={members} onRemove={(user) => setMembers((list) => list.filter((m) => m._id !== user._id))} />
      </Flex>
    </SlideDrawer>
  );
}
