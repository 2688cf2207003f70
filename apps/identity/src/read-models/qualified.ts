export { qualifiedTable as qualified } from '@app/nest-kit';
