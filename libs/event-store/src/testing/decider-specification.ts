import { AssertionError, deepStrictEqual } from 'node:assert';
import type { Decider, DomainEvent } from '../aggregate/decider';

type ErrorClass = abstract new (...args: never[]) => Error;

export type DeciderThen<Event> = {
  /** The command produced exactly these events (deep equality), or passes the given check. */
  then(expected: Event[] | ((events: Event[]) => void)): void;
  /** The command threw an instance of `errorClass` (that passes `check`, when given). */
  thenThrows<E extends Error>(errorClass?: abstract new (...args: never[]) => E, check?: (error: E) => boolean | void): void;
  /** The command produced no events. */
  thenNothingHappened(): void;
};

export type DeciderWhen<Command, Event> = { when(command: Command): DeciderThen<Event> };

/**
 * Given/when/then for deciders, independent of the test runner:
 *
 *   DeciderSpecification.for(practiceDecider)
 *     .given([{ type: 'PracticeCreated', data: { ... } }])
 *     .when({ type: 'RenamePractice', ... })
 *     .then([{ type: 'PracticeRenamed', data: { ... } }]);
 */
export const DeciderSpecification = {
  for<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
    return {
      given(events: Event[] = []): DeciderWhen<Command, Event> {
        return {
          when(command: Command): DeciderThen<Event> {
            const run = (): { events: Event[] } | { error: unknown } => {
              try {
                const state = events.reduce(decider.evolve, decider.initialState());
                const decided = decider.decide(command, state);
                return { events: Array.isArray(decided) ? decided : [decided] };
              } catch (error) {
                return { error };
              }
            };
            const expectEvents = (): Event[] => {
              const outcome = run();
              if ('error' in outcome) {
                throw new AssertionError({ message: `Expected events, but the command threw: ${String(outcome.error)}` });
              }
              return outcome.events;
            };
            return {
              then(expected) {
                const actual = expectEvents();
                if (typeof expected === 'function') expected(actual);
                else deepStrictEqual(actual, expected);
              },
              thenNothingHappened() {
                deepStrictEqual(expectEvents(), []);
              },
              thenThrows<E extends Error>(errorClass?: abstract new (...args: never[]) => E, check?: (error: E) => boolean | void) {
                const outcome = run();
                if (!('error' in outcome)) {
                  throw new AssertionError({
                    message: `Expected the command to throw, but it produced ${JSON.stringify(outcome.events)}`,
                  });
                }
                const error = outcome.error;
                if (errorClass && !(error instanceof (errorClass as ErrorClass))) {
                  throw new AssertionError({ message: `Expected ${errorClass.name}, got ${String(error)}` });
                }
                if (check && check(error as E) === false) {
                  throw new AssertionError({ message: `Thrown error did not pass the check: ${String(error)}` });
                }
              },
            };
          },
        };
      },
    };
  },
};
