/**
 * The flags of a submitted file: what routes it to a committee meeting instead of the Medical
 * Director's clean-file approval (NCQA's designated clean-file approval). Pure: the file's
 * content and a day in, the flags out, each naming the item it is about. A new flag is one entry
 * of FLAG_RULES (its code in libs/contracts `credentialing.FLAG_CODES`).
 *
 * Malpractice claims in the last 5 years have no rule yet: the application records no claims
 * history today (the rule is added with it).
 */
import { credentialing } from '@app/contracts';
import { addMonths, daysBetween, type Day } from './calendar';
import { credentialLabel, type Verification } from './open-items';
import type { CredentialFields } from './credentialing-file.events';

type FileFlag = credentialing.FileFlag;

/** What the rules read: the current cycle's content. */
export type FlagInput = {
  credentials: { credentialId: string; credential: CredentialFields }[];
  verifications: Verification[];
  attestation: Omit<credentialing.AttestationInput, 'explanation'> & { explanation?: string | null } | null;
  exclusion?: credentialing.FileExclusion;
};

type Rule = (file: FlagInput, today: Day) => FileFlag[];

const UNFAVOURABLE: { question: keyof credentialing.AttestationInput; unfavourable: boolean; label: string }[] = [
  { question: 'unableToPerformEssentialFunctions', unfavourable: true, label: 'unable to perform the essential functions of the position' },
  { question: 'illegalDrugUse', unfavourable: true, label: 'current illegal drug use' },
  { question: 'lossOfLicenseOrFelony', unfavourable: true, label: 'loss of licence or felony conviction' },
  { question: 'limitationsOrDisciplinaryActions', unfavourable: true, label: 'limitations of privileges or disciplinary actions' },
  { question: 'currentMalpracticeCoverage', unfavourable: false, label: 'no current malpractice coverage' },
];

/** A gap between jobs longer than this is a flag (explained or not; gaps over 6 months are open items until explained). */
const WORK_GAP_FLAG_MONTHS = 12;

const workGaps: Rule = (file, today) => {
  const jobs = file.credentials
    .flatMap((c) => (c.credential.kind === 'workHistory' ? [{ id: c.credentialId, c: c.credential }] : []))
    .sort((a, b) => a.c.startedOn.localeCompare(b.c.startedOn));
  const flags: FileFlag[] = [];
  let coveredTo: Day | null = null;
  let lastId: string | null = null;
  for (const job of jobs) {
    if (coveredTo && addMonths(coveredTo, WORK_GAP_FLAG_MONTHS) < job.c.startedOn) {
      flags.push({
        code: 'work-gap',
        message: `Work gap over 1 year: ${daysBetween(coveredTo, job.c.startedOn)} days before ${credentialLabel(job.c)}${job.c.gapExplanation ? ` (explained: ${job.c.gapExplanation})` : ''}`,
        item: { kind: 'credential', credentialId: job.id },
      });
    }
    const end = job.c.endedOn ?? today;
    if (!coveredTo || end > coveredTo) {
      coveredTo = end;
      lastId = job.id;
    }
  }
  if (coveredTo && lastId && addMonths(coveredTo, WORK_GAP_FLAG_MONTHS) < today) {
    const last = jobs.find((j) => j.id === lastId)!;
    flags.push({
      code: 'work-gap',
      message: `Work gap over 1 year: ${daysBetween(coveredTo, today)} days since ${credentialLabel(last.c)}${last.c.gapExplanation ? ` (explained: ${last.c.gapExplanation})` : ''}`,
      item: { kind: 'credential', credentialId: lastId },
    });
  }
  return flags;
};

/** One rule per flag code (malpractice claims: no data yet). */
export const FLAG_RULES: Partial<Record<credentialing.FlagCode, Rule>> = {
  'unfavourable-attestation': (file) => {
    const a = file.attestation;
    if (!a) return [];
    const answers = UNFAVOURABLE.filter((q) => a[q.question] === q.unfavourable);
    return answers.length
      ? [{ code: 'unfavourable-attestation', message: `Unfavourable attestation answer: ${answers.map((q) => q.label).join('; ')}`, item: { kind: 'attestation' } }]
      : [];
  },
  discrepancy: (file) =>
    file.verifications
      .filter((v) => v.result === 'Discrepancy' && v.source !== 'OIG LEIE')
      .map((v) => {
        const credential = v.credentialId ? file.credentials.find((c) => c.credentialId === v.credentialId) : undefined;
        const what = credential ? credentialLabel(credential.credential) : v.source === 'NPPES' ? 'the NPPES check' : v.source;
        const fields = v.discrepancies.map((d) => d.field).join(', ');
        return { code: 'discrepancy' as const, message: `Discrepancy at ${v.source} for ${what}${fields ? `: ${fields}` : ''}`, item: { kind: 'verification' as const, verificationId: v.verificationId } };
      }),
  exclusion: (file) => (file.exclusion ? [{ code: 'exclusion', message: `Exclusion list (OIG LEIE): ${file.exclusion}`, item: { kind: 'exclusion' } }] : []),
  'work-gap': workGaps,
  'licence-action': (file) =>
    file.credentials.flatMap((c) =>
      c.credential.kind === 'stateLicense' && (c.credential.status === 'Suspended' || c.credential.status === 'Revoked')
        ? [{ code: 'licence-action' as const, message: `Licence action: ${credentialLabel(c.credential)} is ${c.credential.status}`, item: { kind: 'credential' as const, credentialId: c.credentialId } }]
        : [],
    ),
  'board-lapsed': (file, today) =>
    file.credentials.flatMap((c) => {
      const b = c.credential;
      if (b.kind !== 'boardCertification') return [];
      const lapsed = b.status === 'Expired' || b.status === 'Revoked' ? b.status : b.expiresOn && b.expiresOn < today ? `expired on ${b.expiresOn}` : null;
      return lapsed ? [{ code: 'board-lapsed' as const, message: `Board certification lapsed: ${credentialLabel(b)} ${lapsed}`, item: { kind: 'credential' as const, credentialId: c.credentialId } }] : [];
    }),
};

/** Every flag of the file on the day, in the order of `credentialing.FLAG_CODES`. */
export function flagsOf(file: FlagInput, today: Day): FileFlag[] {
  return credentialing.FLAG_CODES.flatMap((code) => FLAG_RULES[code]?.(file, today) ?? []);
}

export const routeOf = (flags: readonly FileFlag[]): credentialing.CommitteeRoute => (flags.length ? 'flagged' : 'clean');
