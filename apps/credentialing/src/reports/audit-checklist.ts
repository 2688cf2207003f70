import { createHash } from 'node:crypto';
import { credentialing } from '@app/contracts';
import type { Cycle } from '../domain/credentialing-file.decider';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
const VERIFICATION_DAYS = 120;
const ATTESTATION_DAYS = 365;

/**
 * The NCQA CR 3 checklist of a decided cycle: each credential verified at a source that fits its
 * kind (work history is reviewed for gaps, not verified), the NPPES check, the sanctions and
 * exclusions screening, and the attestation; each with its newest `Verified` verification made on
 * or before the decision, how many days before the decision (within 120; the attestation within
 * 365; carried-over education exempt) and who verified it (`names` maps user ids to names).
 */
export function auditChecklist(c: Cycle, names: Record<string, string>): credentialing.AuditElement[] {
  const decidedOn = c.decision?.decidedOn ?? '';
  const element = (label: string, fits: (v: Cycle['verifications'][number]) => boolean): credentialing.AuditElement => {
    const v = [...c.verifications].reverse().find((x) => fits(x) && x.result === 'Verified' && x.verifiedOn <= decidedOn);
    if (!v) return { element: label, verified: false, verifiedOn: null, source: null, by: null, daysBeforeDecision: null, withinWindow: false, carriedOver: false };
    const days = daysBetween(v.verifiedOn, decidedOn);
    const carriedOver = v.carriedOverFrom !== undefined;
    return { element: label, verified: true, verifiedOn: v.verifiedOn, source: v.source, by: names[v.by] ?? 'Former user', daysBeforeDecision: days, withinWindow: carriedOver || days <= VERIFICATION_DAYS, carriedOver };
  };
  const out: credentialing.AuditElement[] = [];
  for (const s of c.credentials) {
    const kind = s.credential.kind;
    if (credentialing.SOURCES_OF_KIND[kind].length === 0) continue;
    const label = `${credentialing.KIND_LABELS[kind].charAt(0).toUpperCase()}${credentialing.KIND_LABELS[kind].slice(1)}`;
    out.push(element(label, (v) => v.credentialId === s.credentialId && credentialing.SOURCES_OF_KIND[kind].includes(v.source)));
  }
  out.push(element('NPPES (NPI)', (v) => v.credentialId === null && v.source === 'NPPES'));
  out.push(element('Sanctions and exclusions (OIG LEIE)', (v) => v.credentialId === null && v.source === 'OIG LEIE'));
  const a = c.attestation;
  const days = a ? daysBetween(a.signedOn, decidedOn) : null;
  out.push({
    element: 'Attestation',
    verified: !!a,
    verifiedOn: a?.signedOn ?? null,
    source: a ? 'Signed by the provider' : null,
    by: a ? (names[a.signedBy] ?? 'Former user') : null,
    daysBeforeDecision: days,
    withinWindow: days !== null && days >= 0 && days <= ATTESTATION_DAYS,
    carriedOver: false,
  });
  return out;
}

/** Every user id the checklist names. */
export function checklistPeople(c: Cycle): string[] {
  return [...new Set([...c.verifications.map((v) => v.by), ...(c.attestation ? [c.attestation.signedBy] : [])])];
}

/**
 * A sample of `size` ids drawn without replacement, the same for the same seed and population:
 * each id ranked by a hash of the seed and the id, the lowest taken.
 */
export function drawSample(ids: readonly string[], size: number, seed: string): string[] {
  const rank = (id: string) => createHash('sha256').update(`${seed}:${id}`).digest('hex');
  return [...ids]
    .map((id) => ({ id, r: rank(id) }))
    .sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : 0))
    .slice(0, size)
    .map((x) => x.id);
}
