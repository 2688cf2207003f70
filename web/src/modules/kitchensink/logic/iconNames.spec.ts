import { filterIconNames, iconNamesFrom } from './iconNames';

describe('icon names', () => {
  it('keeps only icon components, sorted', () => {
    expect(iconNamesFrom(['default', 'IconProvider', 'setTwoToneColor', 'HomeOutlined', 'BellFilled', 'AccountBookTwoTone', 'HomeOutlined'])).toEqual([
      'AccountBookTwoTone',
      'BellFilled',
      'HomeOutlined',
    ]);
  });

  const names = ['BellFilled', 'BellOutlined', 'HomeOutlined', 'HomeTwoTone', 'UserOutlined'];

  it('matches names containing the query, ignoring case', () => {
    expect(filterIconNames(names, 'bell')).toEqual(['BellFilled', 'BellOutlined']);
    expect(filterIconNames(names, 'HOME')).toEqual(['HomeOutlined', 'HomeTwoTone']);
  });

  it('requires every word of the query', () => {
    expect(filterIconNames(names, 'home outlined')).toEqual(['HomeOutlined']);
  });

  it('matches everything for an empty or blank query', () => {
    expect(filterIconNames(names, '')).toEqual(names);
    expect(filterIconNames(names, '   ')).toEqual(names);
  });

  it('matches nothing for an unknown query', () => {
    expect(filterIconNames(names, 'zzz')).toEqual([]);
  });
});
