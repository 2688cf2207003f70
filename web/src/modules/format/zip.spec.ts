import { formatZip } from './zip';

describe('zip formatting', () => {
  it('shows a nine-digit zip as 12345-6789', () => {
    expect(formatZip('123456789')).toBe('12345-6789');
    expect(formatZip(123456789)).toBe('12345-6789');
  });

  it('leaves five-character zips unchanged', () => {
    expect(formatZip('77030')).toBe('77030');
    expect(formatZip(' 77030 ')).toBe('77030');
  });

  it('keeps a zip that already has its hyphen', () => {
    expect(formatZip('77030-1234')).toBe('77030-1234');
  });

  it('splits any value longer than five characters after the fifth', () => {
    expect(formatZip('770301')).toBe('77030-1');
  });

  it('gives an empty string for a missing zip', () => {
    expect(formatZip(undefined)).toBe('');
    expect(formatZip(null)).toBe('');
  });
});
