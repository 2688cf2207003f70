import { X } from '@app/contracts';
console.log('x', X);
