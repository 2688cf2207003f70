import { FacilitiesController } from './facilities.controller';

export const facilitiesControllers = [FacilitiesController];
