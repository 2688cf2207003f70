import { DevOutboxController } from './dev-outbox.controller';
import { identityControllers } from './index';

describe('identity routes of the gateway', () => {
  it('serve the development outbox outside production only', () => {
    expect(identityControllers('development')).toContain(DevOutboxController);
    expect(identityControllers('test')).toContain(DevOutboxController);
    expect(identityControllers('production')).not.toContain(DevOutboxController);
  });
});
