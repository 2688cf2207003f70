export { AdminCredentialingFileScreen } from './components/AdminCredentialingFileScreen';
export { CredentialingFile } from './components/CredentialingFile';
export { CredentialingFilesScreen } from './components/CredentialingFilesScreen';
export { CredentialingSection } from './components/CredentialingSection';
export { StaffCredentialingFileScreen } from './components/StaffCredentialingFileScreen';
