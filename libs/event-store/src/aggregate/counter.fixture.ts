import type { Decider, DomainEvent } from '../aggregate/decider';

/** A tiny decider the library's own specs use. */
export type CounterEvent =
  | DomainEvent<'CounterOpened', { name: string }>
  | DomainEvent<'CounterIncremented', { by: number }>
  | DomainEvent<'CounterClosed', Record<string, never>>;

export type CounterCommand =
  | { type: 'OpenCounter'; name: string }
  | { type: 'Increment'; by: number }
  | { type: 'CloseCounter' };

export type CounterState = { status: 'none' | 'open' | 'closed'; value: number };

export class CounterNotOpenError extends Error {}

export const counterDecider: Decider<CounterState, CounterCommand, CounterEvent> = {
  initialState: () => ({ status: 'none', value: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CounterOpened':
        return { status: 'open', value: 0 };
      case 'CounterIncremented':
        return { ...state, value: state.value + event.data.by };
      case 'CounterClosed':
        return { ...state, status: 'closed' };
    }
  },
  decide: (command, state): CounterEvent | CounterEvent[] => {
    switch (command.type) {
      case 'OpenCounter':
        return state.status === 'none' ? [{ type: 'CounterOpened', data: { name: command.name } }] : [];
      case 'Increment':
        if (state.status !== 'open') throw new CounterNotOpenError('counter is not open');
        return { type: 'CounterIncremented', data: { by: command.by } };
      case 'CloseCounter':
        if (state.status !== 'open') throw new CounterNotOpenError('counter is not open');
        return { type: 'CounterClosed', data: {} };
    }
  },
};
