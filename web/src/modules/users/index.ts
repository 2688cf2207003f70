export { UsersScreen } from './components/UsersScreen';
export { CreateUserDrawer } from './components/CreateUserDrawer';
export { PROVIDER_STORAGE_KEY, storedProviderId } from './logic/usersGrid';
