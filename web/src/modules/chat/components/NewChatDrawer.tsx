import { Typography } from 'antd';
import { useAtom } from 'jotai';
import type { ReactElement } from 'react';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { CHAT_LABELS } from '../constants/chatConstants';
import { useChatController } from '../hooks/useChatController';
import { chatDrawerAtom } from '../state/chatDrawerAtom';
import { UserSearch } from './UserSearch';

/** 'New Chat': a users search; picking a result starts a DM, or opens the one that exists. */
export function NewChatDrawer(): ReactElement {
  const [drawer, setDrawer] = useAtom(chatDrawerAtom);
  const controller = useChatController();
  return (
    <SlideDrawer open={drawer === 'newChat'} onClose={() => setDrawer(null)} placement="left" size="profile" title={CHAT_LABELS.newChat}>
      <Typography.Paragraph type="secondary">Find a person by name, user name or NPI to message them directly.</Typography.Paragraph>
      {drawer === 'newChat' ? <UserSearch label="Search Users" onPick={(user) => void controller.startDm(user)} autoFocus /> : null}
    </SlideDrawer>
  );
}
