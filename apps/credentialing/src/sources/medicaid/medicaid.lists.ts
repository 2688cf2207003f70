import { medicaidList } from './medicaid-mapping';
import { CA_MEDICAID } from './states/ca';
import { NY_MEDICAID } from './states/ny';
import { TX_MEDICAID } from './states/tx';

/** The states whose Medicaid list has a mapping (one file each under states/). */
export const MEDICAID_LISTS = [medicaidList(NY_MEDICAID, 20270106), medicaidList(CA_MEDICAID, 20270107), medicaidList(TX_MEDICAID, 20270108)];
