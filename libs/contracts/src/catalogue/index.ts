import { credentialingEvents } from './credentialing.events';
import { directoryEvents } from './directory.events';
import { identityEvents } from './identity.events';
import { messagingEvents } from './messaging.events';
import { practicesEvents } from './practices.events';
import type { CatalogueEvent } from './define';

export type { CatalogueEvent } from './define';
export { defineEvent } from './define';
export { asyncApiDocument } from './asyncapi';

/** Version of the catalogue document: minor for an added event or optional field, major for a new event version. */
export const EVENT_CATALOGUE_VERSION = '1.3.0';

/** Every integration event the services publish on `events.<context>.<name>`, with its data schema. */
export const EVENT_CATALOGUE: readonly CatalogueEvent[] = [
  ...identityEvents,
  ...directoryEvents,
  ...practicesEvents,
  ...messagingEvents,
  ...credentialingEvents,
];

/** The catalogue entry of an event, by context and name (undefined: not an integration event). */
export function catalogueEvent(context: string, name: string): CatalogueEvent | undefined {
  return EVENT_CATALOGUE.find((e) => e.context === context && e.name === name);
}
