import { EventEmitter } from 'node:events';
import { STANDBY_START, untilStarted } from './standby';

function fakeProcess() {
  const p = new EventEmitter() as EventEmitter & { send: () => void; exit: jest.Mock; channel: { unref: jest.Mock } };
  p.send = () => undefined;
  p.exit = jest.fn();
  p.channel = { unref: jest.fn() };
  return p;
}

describe('a warm standby', () => {
  it('boots at once when it is not a standby (no APP_STANDBY, or no supervisor channel)', async () => {
    await expect(untilStarted({}, fakeProcess() as never)).resolves.toBeUndefined();
    const noChannel = fakeProcess() as unknown as { send?: unknown };
    delete noChannel.send;
    await expect(untilStarted({ APP_STANDBY: '1' }, noChannel as never)).resolves.toBeUndefined();
  });

  it("waits for the supervisor's start, ignoring other messages, then lets go of the channel", async () => {
    const p = fakeProcess();
    let started = false;
    const waiting = untilStarted({ APP_STANDBY: '1' }, p as never).then(() => (started = true));
    p.emit('message', 'something else');
    await Promise.resolve();
    expect(started).toBe(false);
    p.emit('message', STANDBY_START);
    await waiting;
    expect(started).toBe(true);
    expect(p.channel.unref).toHaveBeenCalled();
    // Started: losing the supervisor no longer ends it.
    p.emit('disconnect');
    expect(p.exit).not.toHaveBeenCalled();
  });

  it('exits when its supervisor goes away before starting it', () => {
    const p = fakeProcess();
    void untilStarted({ APP_STANDBY: '1' }, p as never);
    p.emit('disconnect');
    expect(p.exit).toHaveBeenCalledWith(0);
  });
});
