import {
  BankOutlined,
  BellOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  FileTextOutlined,
  IdcardOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LockOutlined,
  LoginOutlined,
  LogoutOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SmileOutlined,
  SolutionOutlined,
  TeamOutlined,
  UnlockOutlined,
  UserAddOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { CSSProperties, ReactElement } from 'react';
import { type NotificationIconName, notificationIconName } from '../logic/notificationIcons';

/** Every @ant-design/icons component has this type. */
type IconComponent = typeof BellOutlined;

/** The @ant-design/icons component of every name a notification may carry. */
const ICONS: Record<NotificationIconName, IconComponent> = {
  BellOutlined,
  SmileOutlined,
  LoginOutlined,
  LogoutOutlined,
  LockOutlined,
  UnlockOutlined,
  KeyOutlined,
  MailOutlined,
  MobileOutlined,
  SafetyOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
  UserAddOutlined,
  TeamOutlined,
  IdcardOutlined,
  SolutionOutlined,
  FileTextOutlined,
  MessageOutlined,
  CalendarOutlined,
  MedicineBoxOutlined,
  BankOutlined,
  InfoCircleOutlined,
  CheckCircleOutlined,
  WarningOutlined,
  ExclamationCircleOutlined,
  CloseCircleOutlined,
};

type NotificationIconProps = {
  /** An @ant-design/icons component name; unknown names show a bell. */
  name: string;
  style?: CSSProperties;
};

/** A notification's icon, by its @ant-design/icons name. */
export function NotificationIcon({ name, style }: NotificationIconProps): ReactElement {
  const Icon = ICONS[notificationIconName(name)];
  return <Icon style={style} aria-hidden />;
}
