/**
 * Which primary sources may verify which kind of credential (NCQA): one table for the service
 * (a manual verification naming another source is refused, 400 `source`) and the web (the
 * verification drawer offers only these). NPPES and the OIG LEIE are checked automatically only.
 */
import type { CredentialKind, VerificationSource } from './credentialing';

export const SOURCES_OF_KIND: Readonly<Record<CredentialKind, readonly VerificationSource[]>> = {
  stateLicense: ['State board'],
  dea: ['DEA', 'State CDS authority'],
  boardCertification: ['ABMS board', 'AOA board', 'Certifying board'],
  malpractice: ['Malpractice carrier', 'NPDB'],
  education: ['School', 'AMA', 'ECFMG', 'Clearinghouse'],
  // Work history is reviewed for gaps, not verified at a source.
  workHistory: [],
};

/** Sources only the service's own checks record (never a person's manual verification). */
export const AUTOMATIC_SOURCES: readonly VerificationSource[] = ['NPPES', 'OIG LEIE'];

export const KIND_LABELS: Readonly<Record<CredentialKind, string>> = {
  stateLicense: 'state licence',
  dea: 'DEA registration',
  boardCertification: 'board certification',
  malpractice: 'malpractice insurance',
  education: 'education and training',
  workHistory: 'work history',
};

/** Whether a source may verify a credential of this kind. */
export function sourceFits(kind: CredentialKind, source: VerificationSource): boolean {
  return SOURCES_OF_KIND[kind].includes(source);
}

/** Why a manual verification's source is refused for a kind (null when it fits). */
export function sourceMismatch(kind: CredentialKind, source: VerificationSource): string | null {
  if (sourceFits(kind, source)) return null;
  if (AUTOMATIC_SOURCES.includes(source)) return `source: ${source} is checked automatically (Run Checks), never recorded by hand`;
  const allowed = SOURCES_OF_KIND[kind];
  if (!allowed.length) return `source: ${KIND_LABELS[kind]} is reviewed, not verified at a source`;
  return `source: a ${KIND_LABELS[kind]} is verified by ${allowed.join(' or ')}, not ${source}`;
}

/** A discrepancy's field as people read it (`stateLicense TX 123` → `State licence TX 123`). */
export function discrepancyLabel(field: string): string {
  if (field.startsWith('stateLicense ')) return `State licence ${field.slice('stateLicense '.length)}`;
  const labels: Record<string, string> = { npi: 'NPI', npiStatus: 'NPI status', lastName: 'Last name', firstName: 'First name' };
  return labels[field] ?? field;
}
