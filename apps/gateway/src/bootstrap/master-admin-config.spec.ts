import { ConfigError } from '@app/nest-kit';
import { loadGatewayConfig } from '../config';

describe('master admin configuration', () => {
  it('takes ADMIN_MOBILE by the account-mobile rule: US unless +92/0092, then a Pakistani mobile', () => {
    expect(loadGatewayConfig({}).ADMIN_MOBILE).toBe('+12025550100');
    expect(loadGatewayConfig({ ADMIN_MOBILE: '(212) 736-5000' }).ADMIN_MOBILE).toBe('(212) 736-5000');
    expect(loadGatewayConfig({ ADMIN_MOBILE: '0092 300 1234567' }).ADMIN_MOBILE).toBe('0092 300 1234567');
    for (const bad of ['(555) 123-4567', '212 555 014', '+92 21 1234567', '0300 1234567']) {
      expect(() => loadGatewayConfig({ ADMIN_MOBILE: bad })).toThrow(ConfigError);
      expect(() => loadGatewayConfig({ ADMIN_MOBILE: bad })).toThrow(/ADMIN_MOBILE/);
    }
  });
});
