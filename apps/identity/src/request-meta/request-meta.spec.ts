import { parseUserAgent } from './request-meta';

describe('request metadata', () => {
  it('names the browser with its major version and the OS with its version', () => {
    expect(
      parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36'),
    ).toEqual({ browser: 'Chrome 120', os: 'Windows 10' });
    expect(parseUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15')).toEqual({
      browser: 'Safari 17',
      os: 'Mac OS 14.2',
    });
  });
  it('leaves unknown parts empty', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null });
    expect(parseUserAgent('curl/8.5.0').os).toBeNull();
  });
});
