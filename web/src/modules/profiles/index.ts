export { AdminProfileScreen } from './components/AdminProfileScreen';
export { ProfileCard, type ProfileTab } from './components/ProfileCard';
export { profilesApi, type ProfileView, type ProviderPractice } from './api/profilesApi';
