import { FOOTER_LEGAL_TABS, isLegalTab, LEGAL_DOCUMENTS, legalDocument, legalPath, resolveLegalTab } from './legalDocuments';

describe('legal documents', () => {
  it('lists the four legal pages with their update dates', () => {
    expect(LEGAL_DOCUMENTS.map((d) => [d.tab, d.title, d.updated])).toEqual([
      ['tos', 'Terms of Service', '10/11/2021'],
      ['pPolicy', 'Privacy Policy', '09/01/2021'],
      ['cPolicy', 'Cookie Policy', '10/01/2021'],
      ['hPolicy', 'HIPAA Policy', '10/15/2021'],
    ]);
  });

  it('defaults to the Terms of Service for a missing or unknown tab', () => {
    expect(resolveLegalTab(undefined)).toBe('tos');
    expect(resolveLegalTab('nope')).toBe('tos');
    expect(resolveLegalTab('TOS')).toBe('tos');
    expect(resolveLegalTab('hPolicy')).toBe('hPolicy');
    expect(isLegalTab('pPolicy')).toBe(true);
  });

  it('builds the legal page paths', () => {
    expect(legalPath('cPolicy')).toBe('/legal/cPolicy');
    expect(legalDocument('pPolicy').title).toBe('Privacy Policy');
  });

  it('links the footer to the terms, privacy and cookie policies', () => {
    expect(FOOTER_LEGAL_TABS).toEqual(['tos', 'pPolicy', 'cPolicy']);
  });
});
