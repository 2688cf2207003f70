import { chatFileUrl } from './chatFileUrl';

describe('chat file addresses', () => {
  const origin = 'https://app.example.com';
  it('keeps same-origin paths and URLs', () => {
    expect(chatFileUrl('/api/users/chatFiles/abc.pdf', origin)).toBe('/api/users/chatFiles/abc.pdf');
    expect(chatFileUrl('https://app.example.com/files/x.png?v=1', origin)).toBe('/files/x.png?v=1');
  });
  it('refuses other hosts and script or data URLs, so the session token never leaves the site', () => {
    expect(chatFileUrl('https://evil.example/x.png', origin)).toBeNull();
    expect(chatFileUrl('javascript:alert(1)', origin)).toBeNull();
    expect(chatFileUrl('data:image/png;base64,AAAA', origin)).toBeNull();
    expect(chatFileUrl('//evil.example/x.png', origin)).toBeNull();
  });
});
