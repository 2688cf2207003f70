export { CommitteeScreen } from './components/CommitteeScreen';
export { MeetingScreen } from './components/MeetingScreen';
export { FileFlags } from './components/FileFlags';
export { committeeApi } from './api/committeeApi';
export { useCommitteeRoles } from './hooks/useCommitteeRoles';
