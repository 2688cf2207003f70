import { matchesRoute, preloadsFor, withModulePreloads } from './spa';

describe('the page served for a client route names its chunks as modulepreloads', () => {
  it('matches router patterns: literal segments, one segment per :param, a last * for any rest', () => {
    expect(matchesRoute('/admin/credentialing/:providerId', '/admin/credentialing/4f9c')).toBe(true);
    expect(matchesRoute('/admin/credentialing/:providerId', '/admin/credentialing')).toBe(false);
    expect(matchesRoute('/admin/credentialing', '/admin/credentialing/4f9c')).toBe(false);
    expect(matchesRoute('/admin/*', '/admin')).toBe(true);
    expect(matchesRoute('/admin/*', '/admin/users/provider')).toBe(true);
    expect(matchesRoute('/admin/*', '/administrator')).toBe(false);
    expect(matchesRoute('*', '/anything/at/all')).toBe(true);
    expect(matchesRoute('/chat', '/chat/')).toBe(true);
  });

  it('takes the files of every matching pattern once, in the table order', () => {
    const table = {
      routes: [
        { path: '*', files: ['/assets/shell-1.js'] },
        { path: '/admin/*', files: ['/assets/admin-1.js', '/assets/grid-1.js'] },
        { path: '/admin/credentialing/:providerId', files: ['/assets/credentialing-1.js', '/assets/grid-1.js'] },
        { path: '/chat', files: ['/assets/chat-1.js'] },
      ],
    };
    expect(preloadsFor(table, '/admin/credentialing/4f9c')).toEqual(['/assets/shell-1.js', '/assets/admin-1.js', '/assets/grid-1.js', '/assets/credentialing-1.js']);
    expect(preloadsFor(table, '/search')).toEqual(['/assets/shell-1.js']);
  });

  it('adds one link per build asset before </head> and nothing that is not one', () => {
    const html = '<html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>';
    const page = withModulePreloads(html, ['/assets/a-1.js', '/assets/b_2.js', '"><script>alert(1)</script>', 'https://elsewhere.example/x.js']);
    expect(page).toBe(
      '<html><head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/a-1.js"><link rel="modulepreload" crossorigin href="/assets/b_2.js"></head><body></body></html>',
    );
    expect(withModulePreloads(html, [])).toBe(html);
  });
});
