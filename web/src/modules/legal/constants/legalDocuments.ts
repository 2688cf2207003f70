/** The legal pages at /legal/{tab}. */
export type LegalTab = 'tos' | 'pPolicy' | 'cPolicy' | 'hPolicy';

export type LegalDocument = {
  tab: LegalTab;
  title: string;
  /** Short label for tabs and link lists. */
  label: string;
  /** The tab's label on a phone, where all four fit without an overflow menu. */
  phoneLabel: string;
  /** Date of the last update, as shown (MM/DD/YYYY). */
  updated: string;
};

export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [
  { tab: 'tos', title: 'Terms of Service', label: 'Terms of Service', phoneLabel: 'Terms', updated: '10/11/2021' },
  { tab: 'pPolicy', title: 'Privacy Policy', label: 'Privacy Policy', phoneLabel: 'Privacy', updated: '09/01/2021' },
  { tab: 'cPolicy', title: 'Cookie Policy', label: 'Cookie Policy', phoneLabel: 'Cookies', updated: '10/01/2021' },
  { tab: 'hPolicy', title: 'HIPAA Policy', label: 'HIPAA Policy', phoneLabel: 'HIPAA', updated: '10/15/2021' },
];

/** The tab shown when the address names none or an unknown one. */
export const DEFAULT_LEGAL_TAB: LegalTab = 'tos';

/** The legal tabs the footer links to (all but the HIPAA policy). */
export const FOOTER_LEGAL_TABS: readonly LegalTab[] = ['tos', 'pPolicy', 'cPolicy'];

export function isLegalTab(value: string | undefined): value is LegalTab {
  return LEGAL_DOCUMENTS.some((document) => document.tab === value);
}

/** The tab to show for an address segment: itself when known, else Terms of Service. */
export function resolveLegalTab(value: string | undefined): LegalTab {
  return isLegalTab(value) ? value : DEFAULT_LEGAL_TAB;
}

export function legalDocument(tab: LegalTab): LegalDocument {
  return LEGAL_DOCUMENTS.find((document) => document.tab === tab) ?? LEGAL_DOCUMENTS[0];
}

export function legalPath(tab: LegalTab): string {
  return `/legal/${tab}`;
}
