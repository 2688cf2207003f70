export { PracticesScreen } from './components/PracticesScreen';
export { PracticeProfileScreen } from './components/PracticeProfileScreen';
export { PracticeDrawer } from './components/PracticeDrawer';
