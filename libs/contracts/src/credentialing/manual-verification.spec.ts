import { ManualVerificationInput } from './credentialing';

const input = (verifiedOn: string) => ({ source: 'State board', result: 'Verified', verifiedOn });
const problems = (verifiedOn: string) => {
  const parsed = ManualVerificationInput.safeParse(input(verifiedOn));
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('a manual verification’s date', () => {
  it('is a day that has happened, not before 1900, the message naming the field', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(problems(today)).toEqual([]);
    expect(problems('1900-01-01')).toEqual([]);
    expect(problems('1899-12-31')).toEqual(['verifiedOn: not before 1900']);
    expect(problems(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace('-02-29', '-02-28'))).toEqual(['verifiedOn: cannot be in the future']);
    expect(problems('2024-02-30')).toEqual(['verifiedOn: use a date as yyyy-mm-dd']);
  });
});
