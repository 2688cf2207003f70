import { AssertionError } from 'node:assert';
import { counterDecider, CounterNotOpenError } from '../aggregate/counter.fixture';
import { DeciderSpecification } from './decider-specification';

const spec = DeciderSpecification.for(counterDecider);
const opened = { type: 'CounterOpened' as const, data: { name: 'a' } };

describe('DeciderSpecification', () => {
  it('passes when the command produces the expected events', () => {
    spec
      .given([opened])
      .when({ type: 'Increment', by: 2 })
      .then([{ type: 'CounterIncremented', data: { by: 2 } }]);
  });

  it('fails when the events differ', () => {
    expect(() =>
      spec
        .given([opened])
        .when({ type: 'Increment', by: 2 })
        .then([{ type: 'CounterIncremented', data: { by: 3 } }]),
    ).toThrow(AssertionError);
  });

  it('accepts a check function for the events', () => {
    spec
      .given([opened, { type: 'CounterIncremented', data: { by: 1 } }])
      .when({ type: 'CloseCounter' })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['CounterClosed']));
  });

  it('fails a then() when the command throws, naming the error', () => {
    expect(() => spec.given([]).when({ type: 'Increment', by: 1 }).then([])).toThrow(/counter is not open/);
  });

  it('rejects a command with the expected error class', () => {
    spec.given([]).when({ type: 'Increment', by: 1 }).thenThrows(CounterNotOpenError);
    spec
      .given([opened, { type: 'CounterClosed', data: {} }])
      .when({ type: 'CloseCounter' })
      .thenThrows(CounterNotOpenError, (e) => e.message === 'counter is not open');
  });

  it('fails thenThrows when nothing is thrown, or the wrong error, or the check fails', () => {
    expect(() => spec.given([opened]).when({ type: 'Increment', by: 1 }).thenThrows(CounterNotOpenError)).toThrow(AssertionError);
    expect(() => spec.given([]).when({ type: 'Increment', by: 1 }).thenThrows(TypeError)).toThrow(AssertionError);
    expect(() =>
      spec
        .given([])
        .when({ type: 'Increment', by: 1 })
        .thenThrows(CounterNotOpenError, () => false),
    ).toThrow(AssertionError);
  });

  it('checks that nothing happened', () => {
    spec.given([opened]).when({ type: 'OpenCounter', name: 'again' }).thenNothingHappened();
    expect(() => spec.given([]).when({ type: 'OpenCounter', name: 'a' }).thenNothingHappened()).toThrow(AssertionError);
  });
});
