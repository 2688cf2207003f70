import { safeHref, splitLinks } from './messageLinks';

describe('links in chat messages', () => {
  it('makes http, https and www. addresses clickable, leaving the rest as text', () => {
    expect(splitLinks('See https://example.com/a?b=1 and www.nppes.gov, then reply.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'www.nppes.gov', href: 'https://www.nppes.gov/' },
      { kind: 'text', text: ', then reply.' },
    ]);
    expect(splitLinks('(http://a.test/x).')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'http://a.test/x', href: 'http://a.test/x' },
      { kind: 'text', text: ').' },
    ]);
    expect(splitLinks('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
  });

  it('never turns javascript:, data: or vbscript: into a link', () => {
    for (const text of ['javascript:alert(1)', 'JaVaScRiPt:alert(document.cookie)', 'data:text/html,<script>x</script>', 'vbscript:msgbox']) {
      expect(splitLinks(text).every((part) => part.kind === 'text')).toBe(true);
      expect(safeHref(text)).toBeNull();
    }
    expect(splitLinks('<script>alert(1)</script>')).toEqual([{ kind: 'text', text: '<script>alert(1)</script>' }]);
  });

  it('does not let an address smuggle a quote or an angle bracket into the link', () => {
    const parts = splitLinks('https://a.test/"onmouseover="x <b>');
    expect(parts[0]).toEqual({ kind: 'link', text: 'https://a.test/', href: 'https://a.test/' });
    expect(safeHref('https://')).toBeNull();
  });
});
