import fc from 'fast-check';
import { isValidSignature } from './signature';

describe('typed signature', () => {
  it('accepts full names, in any alphabet', () => {
    for (const name of ['Jane Doe', "Seán O'Brien", 'Ng', 'José Álvarez-Núñez, MD', '李小龙', 'Dr. A. Smith']) expect(isValidSignature(name)).toBe(true);
  });

  it('refuses one letter, initials alone, punctuation and blanks', () => {
    for (const value of ['J', 'j', ' J ', 'J.', '.', '--', '  ', '', '1 2 3', 'A1']) expect(isValidSignature(value)).toBe(false);
    expect(isValidSignature(undefined)).toBe(false);
  });

  it('refuses more than 120 characters', () => {
    expect(isValidSignature('a'.repeat(120))).toBe(true);
    expect(isValidSignature('a'.repeat(121))).toBe(false);
  });

  it('never accepts a value with fewer than two letters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(' ', '.', '-', '1', "'") }), fc.constantFrom('', 'J'), (noise, letter) => !isValidSignature(`${noise}${letter}${noise}`)),
    );
  });
});
