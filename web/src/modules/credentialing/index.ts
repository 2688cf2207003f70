export { AdminCredentialingFileScreen } from './components/AdminCredentialingFileScreen';
export { CredentialingFile } from './components/CredentialingFile';
export { CredentialingFilesScreen } from './components/CredentialingFilesScreen';
