export { OwnWorkspaceScreen, ProviderWorkspaceScreen } from './components/WorkspaceScreens';
export { Workspace } from './components/Workspace';
