/** For the decider's specs: runs commands one after the other from past events. */
import { decide, evolve, initialFileState, type CredentialingCommand, type FileState } from '../credentialing-file.decider';
import type { CredentialingEvent } from '../credentialing-file.events';

/** Every event after the commands (each decided against the state so far). */
export function runCommands(commands: CredentialingCommand[], from: CredentialingEvent[] = []): CredentialingEvent[] {
  const events = [...from];
  let state = events.reduce(evolve, initialFileState());
  for (const c of commands) {
    const out = decide(c, state);
    events.push(...out);
    state = out.reduce(evolve, state);
  }
  return events;
}

export const stateOf = (events: CredentialingEvent[]): FileState => events.reduce(evolve, initialFileState());
