import { FL_ROSTER } from './states/fl';
import { TX_ROSTER } from './states/tx';
import type { RosterMapping } from './roster-mapping';

/** The states whose licence roster has a mapping; a roster's source id is `roster-<state>`. */
export const ROSTERS: readonly RosterMapping[] = [TX_ROSTER, FL_ROSTER];
export const rosterId = (m: RosterMapping) => `roster-${m.state.toLowerCase()}`;
export const rosterOf = (id: string) => ROSTERS.find((m) => rosterId(m) === id);
