export { ExclusionSearchScreen, EXCLUSION_SEARCH_TITLE } from './components/ExclusionSearchScreen';
export { ResolveMatchForm, resolveMatchErrors } from './components/ResolveMatchForm';
export { monitoringApi } from './api/monitoringApi';
export { ExclusionMatchesCard, EXCLUSION_MATCHES_TITLE } from './components/ExclusionMatchesCard';
export { FileMonitoringAlerts } from './components/FileMonitoringAlerts';
