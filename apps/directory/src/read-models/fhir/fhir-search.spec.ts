import { ValidationFailed } from '@app/errors';
import { dateRange, encodeCursor, parseSearch } from './fhir-search';
import { norm, words } from './fhir-text';
import { specialtyCode } from './specialty';

const fails = (f: () => unknown, field: string) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationFailed);
    expect((e as ValidationFailed).field).toBe(field);
    return;
  }
  throw new Error(`expected a ValidationFailed on ${field}`);
};

describe('FHIR search parameters', () => {
  it('reads _lastUpdated prefixes into half-open instant ranges of the precision given', () => {
    expect(parseSearch('Practitioner', [['_lastUpdated', 'gt2026-11-01']]).filters).toEqual([{ name: '_lastUpdated', kind: 'lastUpdated', op: 'ge', at: '2026-11-02T00:00:00.000Z' }]);
    expect(parseSearch('Practitioner', [['_lastUpdated', 'lt2026-11-01T10:00:00+02:00']]).filters).toEqual([{ name: '_lastUpdated', kind: 'lastUpdated', op: 'lt', at: '2026-11-01T08:00:00.000Z' }]);
    expect(parseSearch('Practitioner', [['_lastUpdated', '2026-11']]).filters).toEqual([
      { name: '_lastUpdated', kind: 'lastUpdated', op: 'ge', at: '2026-11-01T00:00:00.000Z' },
      { name: '_lastUpdated', kind: 'lastUpdated', op: 'lt', at: '2026-12-01T00:00:00.000Z' },
    ]);
    expect(dateRange('2026-02-29')).toBeNull();
    expect(dateRange('2026-01-01T10:00')).toBeNull(); // a time needs its zone
    fails(() => parseSearch('Practitioner', [['_lastUpdated', 'sa2026']]), '_lastUpdated');
  });

  it('reads tokens with or without their system; another system matches nothing', () => {
    expect(parseSearch('Practitioner', [['identifier', 'http://hl7.org/fhir/sid/us-npi|1234567893,urn:x|1']]).filters).toEqual([{ name: 'identifier', kind: 'identifier', values: ['1234567893'] }]);
    expect(parseSearch('PractitionerRole', [['specialty', '207q00000x']]).filters).toEqual([{ name: 'specialty', kind: 'specialty', values: ['207Q00000X'] }]);
    fails(() => parseSearch('PractitionerRole', [['specialty', 'cardiology']]), 'specialty');
  });

  it('reads references as Type/id, an absolute URL or an id, and refuses another type', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    for (const v of [id, `Practitioner/${id}`, `https://x.test/fhir/Practitioner/${id}`])
      expect(parseSearch('PractitionerRole', [['practitioner', v]]).filters).toEqual([{ name: 'practitioner', kind: 'reference', values: [id] }]);
    fails(() => parseSearch('PractitionerRole', [['practitioner', `Organization/${id}`]]), 'practitioner');
    fails(() => parseSearch('PractitionerRole', [['practitioner', `a/b/Practitioner/${id}`]]), 'practitioner');
  });

  it('refuses unknown parameters, modifiers, includes elsewhere, bad counts and foreign cursors', () => {
    fails(() => parseSearch('Practitioner', [['gender', 'female']]), 'gender');
    fails(() => parseSearch('Practitioner', [['__proto__', 'x']]), '__proto__');
    fails(() => parseSearch('Practitioner', [['constructor', 'x']]), 'constructor');
    fails(() => parseSearch('Practitioner', [['name:contains', 'x']]), 'name:contains');
    fails(() => parseSearch('Organization', [['_include', 'PractitionerRole:practitioner']]), '_include');
    fails(() => parseSearch('Practitioner', [['_count', '-1']]), '_count');
    fails(() => parseSearch('Practitioner', [['_count', '5'], ['_count', '6']]), '_count');
    fails(() => parseSearch('Practitioner', [['_cursor', encodeCursor('Location', 'abc')]]), '_cursor');
    expect(parseSearch('Practitioner', [['_count', '500']]).count).toBe(100);
    expect(parseSearch('Practitioner', [['_cursor', encodeCursor('Practitioner', 'abc')]]).after).toBe('abc');
    expect(parseSearch('PractitionerRole', [['_include', '*']]).include).toHaveLength(4);
  });
});

describe('search text and specialties', () => {
  it('normalises without case, accents or punctuation; words start after a space', () => {
    expect(norm("MÜLLER-Åström O'Brien")).toBe('muller astrom obrien');
    expect(words('José', null, 'Müller-Åström')).toBe(' jose muller astrom');
  });

  it('finds the NUCC code of a specialty by its whole text or its specialization', () => {
    expect(specialtyCode('Family Medicine')).toBe('207Q00000X');
    expect(specialtyCode('Internal Medicine, Cardiovascular Disease')).toBe('207RC0000X');
    expect(specialtyCode('psychiatry')).toBe('2084P0800X');
    expect(specialtyCode('Cardiology')).toBeNull();
  });
});
