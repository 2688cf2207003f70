import type { IncomingMessage } from 'node:http';
import { ConfigError } from '@app/nest-kit';
import { loadGatewayConfig, socketOrigins } from '../config';
import { originAllowed } from '../realtime/realtime.gateway';
import { clientIp, compileTrustProxy } from './client-ip';

const req = (remoteAddress: string, xff?: string) =>
  ({ socket: { remoteAddress }, connection: { remoteAddress }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

describe('client IP', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const none = compileTrustProxy('');
    expect(clientIp(req('203.0.113.7', '198.51.100.1'), none)).toBe('203.0.113.7');
    expect(clientIp(req('::ffff:127.0.0.1', '10.0.0.1'), none)).toBe('127.0.0.1');
  });
  it('is the address a trusted proxy forwards, walking back through trusted proxies only', () => {
    const trust = compileTrustProxy('10.0.0.0/8, 127.0.0.1');
    expect(clientIp(req('127.0.0.1', '198.51.100.1'), trust)).toBe('198.51.100.1');
    expect(clientIp(req('127.0.0.1', '198.51.100.1, 10.1.2.3'), trust)).toBe('198.51.100.1');
    // The first untrusted hop is the client: an address it forwards is not believed.
    expect(clientIp(req('127.0.0.1', '192.0.2.9, 198.51.100.1'), trust)).toBe('198.51.100.1');
    expect(clientIp(req('203.0.113.7', '198.51.100.1'), trust)).toBe('203.0.113.7');
  });
  it('ignores a forwarded value that is not an IP', () => {
    const trust = compileTrustProxy('loopback');
    for (const forged of ['<img src=x onerror=alert(1)>', "1.2.3.4' OR '1'='1", '999.1.1.1', '1.2.3.4:80', '']) {
      expect(clientIp(req('127.0.0.1', forged), trust)).toBe('127.0.0.1');
    }
    expect(clientIp(req('127.0.0.1', '2001:db8::1'), trust)).toBe('2001:db8::1');
  });
  it('refuses a TRUST_PROXY that is not IPs, ranges or known names, naming the variable', () => {
    expect(() => loadGatewayConfig({ TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadGatewayConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe('10.0.0.0/8, loopback');
  });
});

describe('socket origins', () => {
  it('default to the gateway’s own origin (and the Vite servers outside production), or ALLOWED_ORIGINS', () => {
    expect(socketOrigins(loadGatewayConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ACTOR_SIGNING_KEY: 'k'.repeat(32), PORT: '8080' }))).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(socketOrigins(loadGatewayConfig({ PORT: '3000' }))).toContain('http://localhost:5173');
    expect(socketOrigins(loadGatewayConfig({ ALLOWED_ORIGINS: 'https://app.example.com/, https://b.example.com' }))).toEqual(['https://app.example.com', 'https://b.example.com']);
    expect(() => loadGatewayConfig({ ALLOWED_ORIGINS: 'app.example.com' })).toThrow(/ALLOWED_ORIGINS/);
  });
  it('let in same-origin and configured browsers and non-browser clients, nothing else', () => {
    const allowed = ['https://app.example.com'];
    expect(originAllowed(undefined, 'gw.example.com', allowed)).toBe(true);
    expect(originAllowed('https://app.example.com', 'gw.example.com', allowed)).toBe(true);
    expect(originAllowed('https://gw.example.com', 'gw.example.com', allowed)).toBe(true);
    expect(originAllowed('https://evil.example', 'gw.example.com', allowed)).toBe(false);
    expect(originAllowed('https://gw.example.com.evil.example', 'gw.example.com', allowed)).toBe(false);
    expect(originAllowed('null', 'gw.example.com', allowed)).toBe(false);
  });
});
