export { ExclusionSearchScreen, EXCLUSION_SEARCH_TITLE } from './components/ExclusionSearchScreen';
export { ResolveMatchForm, resolveMatchErrors } from './components/ResolveMatchForm';
export { monitoringApi } from './api/monitoringApi';
