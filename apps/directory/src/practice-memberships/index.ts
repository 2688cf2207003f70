import type { Provider } from '@nestjs/common';
import { PracticeEventsConsumer } from './practice-events.consumer';

export { PracticeMemberships } from './practice-memberships.queries';
import { PracticeMemberships } from './practice-memberships.queries';

/** The directory's copy of practice registrations and memberships, from the practices service's events. */
export const practiceMembershipsProviders: Provider[] = [PracticeEventsConsumer, PracticeMemberships];
