import { PracticesController } from './practices.controller';

export const practicesControllers = [PracticesController];
