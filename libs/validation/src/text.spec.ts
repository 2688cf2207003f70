import { MAX_INPUT_DEPTH, findControlCharacterField, hasControlCharacters } from './text';

describe('control characters in text input', () => {
  it('refuses NUL, other C0 controls, DEL and C1 controls in a single-line field', () => {
    for (const c of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(hasControlCharacters(`a${c}b`)).toBe(true);
    }
    expect(hasControlCharacters('Jane Doe, MD — Straße 5 ✓ 医生')).toBe(false);
  });
  it('lets a multi-line field keep tabs and line breaks, never NUL', () => {
    expect(hasControlCharacters('line 1\r\nline 2\tend', { multiline: true })).toBe(false);
    expect(hasControlCharacters('a\u0000b', { multiline: true })).toBe(true);
    expect(hasControlCharacters('a\u000bb', { multiline: true })).toBe(true);
  });
  it('names the first field at fault, however deep, keys included', () => {
    expect(findControlCharacterField({ usernameOrEmail: 'a\u0000b', password: 'x' })).toEqual({
      field: 'usernameOrEmail',
      message: 'usernameOrEmail must not contain control characters',
    });
    expect(findControlCharacterField({ a: [{ b: 'ok' }, { c: 'x\u0007' }] })?.field).toBe('a[1].c');
    expect(findControlCharacterField({ 'bad\u0000key': 'v' })?.field).toBe('bad\\u0000key');
    expect(findControlCharacterField('a\u0000b', { root: 'value' })?.field).toBe('value');
    expect(findControlCharacterField({ page: 2, ok: true, none: null, text: 'plain' })).toBeUndefined();
  });
  it('allows line breaks only in the fields named multi-line', () => {
    expect(findControlCharacterField({ description: 'a\nb' }, { multiline: ['description'] })).toBeUndefined();
    expect(findControlCharacterField({ title: 'a\nb' }, { multiline: ['description'] })?.field).toBe('title');
  });
  it('refuses structures nested deeper than the limit without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlCharacterField({ a: deep })?.message).toMatch(/^a(\[0\])+ is nested too deeply$/);
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) ok = { k: ok };
    expect(findControlCharacterField(ok)).toBeUndefined();
  });
});
