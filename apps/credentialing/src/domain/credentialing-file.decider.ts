/**
 * A provider's credentialing file (stream `credentialing-<providerId>`): its cycles one after the
 * other, the current one's credentials, verifications, attestation and decision. Plain decide /
 * evolve functions; the caller passes the clock (`now`) and who acts in which role for this file.
 *
 * Roles (decided by the caller from the signed actor and the practices' memberships):
 * - `masterAdmin`: everything, and alone decides;
 * - `staff`: a Credentialer, Practice Manager or Practice Owner of a practice the provider belongs
 *   to: starts cycles, edits, verifies, submits;
 * - `provider`: the file's own provider: the application, credentials and the attestation only;
 * - `none`: nothing (403).
 */
import { credentialing } from '@app/contracts';
import type { Decider } from '@app/event-store';
import { addMonths, dayOf } from './calendar';
import { CredentialNotFound, CycleAlreadyOpen, FileLocked, FileNotFound, NotAllowed, OpenItemsRemain, ValidationFailed, WrongStatus } from './credentialing.errors';
import type { CredentialFields, CredentialingEvent, Discrepancy, Evidence, ExclusionScreened, VerificationRecorded } from './credentialing-file.events';
import { activityOf, type ActivityEntry } from './file-activity';
import { resolveNppes, type ResolveNppesInput } from './nppes-resolution';
import { credentialVerification, openItems, type FileContent, type OpenItemOptions, type Verification } from './open-items';
import { NOTICE_FORBIDDEN, NOTICE_PERMISSIONS, decideNotice, evolveDecision, evolveNotice, type NoticeCommand, type NoticeCycle, type NoticeState } from './notice';
import { decideCommitteeOutcome, evolveCommittee, routeOnSubmit, type CommitteeCycle, type RecordCommitteeOutcome } from './committee-outcome';
import { decideClearance, evolveClearances, requestClearance, type ClearanceMatch, type PendingClearance } from './exclusion-clearance';

/** `committee`: a Committee member or the Medical Director acting for the committee (committee-* use cases check which). */
export type FileRole = 'masterAdmin' | 'staff' | 'provider' | 'system' | 'committee' | 'none';
/** The monitoring's own runs (the screening after an import, the monthly screening). */
export const SYSTEM_ACTOR: FileActor = { userId: 'system', role: 'system' };
export type FileActor = { userId: string; role: FileRole };

export type StoredCredential = { credentialId: string; credential: CredentialFields; addedOn: string; changedAt: string };

export type Cycle = Omit<FileContent, 'credentials' | 'attestation'> & {
  cycleId: string;
  cycle: number;
  status: credentialing.FileStatus;
  startedOn: string;
  credentials: StoredCredential[];
  attestation: (credentialing.AttestationInput & { signedBy: string }) | null;
  decision: { decision: credentialing.Decision; note: string; decidedOn: string; decidedBy: string } | null;
  recredentialingDueOn: string | null;
  history: credentialing.StatusChangeView[];
  /** The exclusion screening's standing finding (absent in files whose events predate the screening). */
  exclusion?: credentialing.FileExclusion;
} & NoticeCycle &
  CommitteeCycle;

/** An earlier cycle as the file keeps it: its status, decision and dates. */
export type PastCycle = credentialing.CycleView;

export type FileState = {
  providerId: string | null;
  cycles: number;
  current: Cycle | null;
  /** The earlier cycles, oldest first (absent in states folded before they were kept). */
  past?: PastCycle[];
  /** Every change of the file, every cycle, oldest first. */
  activity?: ActivityEntry[];
  /** NPI exclusion clearances awaiting a second person's confirmation, by match id (across cycles). */
  clearances?: Record<string, PendingClearance>;
} & NoticeState;

export const credentialingStreamId = (providerId: string) => `credentialing-${providerId}`;
export const initialFileState = (): FileState => ({ providerId: null, cycles: 0, current: null, past: [], activity: [] });

const summary = (c: Cycle): PastCycle => ({
  cycle: c.cycle,
  cycleId: c.cycleId,
  status: c.status,
  startedOn: c.startedOn,
  decision: c.decision ? { decision: c.decision.decision, decidedOn: c.decision.decidedOn, decidedBy: c.decision.decidedBy } : null,
  recredentialingDueOn: c.recredentialingDueOn,
});

/** Every cycle, oldest first, the current one last. */
export function cyclesOf(state: FileState): PastCycle[] {
  return [...(state.past ?? []), ...(state.current ? [summary(state.current)] : [])];
}

/**
 * The approval of an earlier cycle still in force while recredentialing runs: it stays until the
 * new cycle's decision (an approval replaces it, a denial ends it).
 */
export function approvalInForce(state: FileState): { cycle: number; decidedOn: string; recredentialingDueOn: string | null } | null {
  const c = state.current;
  if (!c || c.decision) return null;
  const last = [...(state.past ?? [])].reverse().find((p) => p.decision);
  return last?.decision?.decision === 'Approved' ? { cycle: last.cycle, decidedOn: last.decision.decidedOn, recredentialingDueOn: last.recredentialingDueOn } : null;
}

const EDITABLE: readonly credentialing.FileStatus[] = ['Not Started', 'Application', 'Verification'];
export const isOpen = (status: credentialing.FileStatus) => !credentialing.CLOSED_STATUSES.includes(status);

type Base = { providerId: string; actor: FileActor; now: Date };
export type StartFile = { type: 'StartFile'; data: Base & { cycleId: string } };
export type DeclareApplication = { type: 'DeclareApplication'; data: Base & { hasDea: boolean; hasBoardCertification: boolean } };
export type AddCredential = { type: 'AddCredential'; data: Base & { credentialId: string; credential: CredentialFields } };
export type UpdateCredential = { type: 'UpdateCredential'; data: Base & { credentialId: string; credential: CredentialFields } };
export type RemoveCredential = { type: 'RemoveCredential'; data: Base & { credentialId: string } };
export type RecordVerification = {
  type: 'RecordVerification';
  data: Base & {
    verificationId: string;
    credentialId: string | null;
    source: credentialing.VerificationSource;
    method: credentialing.VerificationMethod;
    result: credentialing.VerificationResult;
    verifiedOn: string;
    note: string | null;
    evidence: Evidence | null;
    discrepancies: Discrepancy[];
    /** An NPDB query's Continuous Query enrollment end (watched as an expirable). */
    enrollmentEndsOn?: string | null;
  };
};
export type SignAttestation = { type: 'SignAttestation'; data: Base & { attestation: credentialing.AttestationInput } };
export type SubmitFile = { type: 'SubmitFile'; data: Base };
export type DecideFile = { type: 'DecideFile'; data: Base & { decision: credentialing.Decision; note: string; reasons: credentialing.DenialReason[]; letterId: string } };
export type ResolveNppesDiscrepancy = { type: 'ResolveNppesDiscrepancy'; data: Base & ResolveNppesInput };
export type RecordScreening = {
  type: 'RecordScreening';
  data: Base &
    Omit<ExclusionScreened['data'], 'providerId' | 'cycleId' | 'at' | 'by'> & {
      /** A person's resolution of this match (recorded as ExclusionMatchResolved too). */
      resolved?: { matchId: string; kind: 'Excluded' | 'Possible match'; status: 'Confirmed' | 'Not the same person' };
    };
};
/** The master admin asks to clear an NPI (Excluded) match: reason, note, evidence (domain/exclusion-clearance.ts). */
export type RequestExclusionClearance = {
  type: 'RequestExclusionClearance';
  data: Base & { match: ClearanceMatch; reason: credentialing.ClearanceReason; note: string; evidence: Evidence | null };
};
/** A second person confirms or rejects it; a confirmation records the clearance as a manual OIG LEIE verification. */
export type DecideExclusionClearance = {
  type: 'DecideExclusionClearance';
  data: Base & { match: ClearanceMatch; decision: credentialing.ClearanceDecision; note: string | null; verificationId: string; exclusion: credentialing.FileExclusion; row: string };
};

export type CredentialingCommand =
  | StartFile
  | DeclareApplication
  | AddCredential
  | UpdateCredential
  | RemoveCredential
  | RecordVerification
  | SignAttestation
  | SubmitFile
  | DecideFile
  | RecordScreening
  | ResolveNppesDiscrepancy
  | NoticeCommand
  | RequestExclusionClearance
  | DecideExclusionClearance
  | RecordCommitteeOutcome;

/** Who may do what (the matrix of the service README). */
export const PERMISSIONS: Record<CredentialingCommand['type'] | 'ViewFile', readonly FileRole[]> = {
  ViewFile: ['masterAdmin', 'staff', 'provider', 'committee'],
  StartFile: ['masterAdmin', 'staff'],
  DeclareApplication: ['masterAdmin', 'staff', 'provider'],
  AddCredential: ['masterAdmin', 'staff', 'provider'],
  UpdateCredential: ['masterAdmin', 'staff', 'provider'],
  RemoveCredential: ['masterAdmin', 'staff', 'provider'],
  RecordVerification: ['masterAdmin', 'staff'],
  SignAttestation: ['provider'],
  SubmitFile: ['masterAdmin', 'staff'],
  DecideFile: ['masterAdmin'],
  RecordScreening: ['masterAdmin', 'staff', 'system'],
  ResolveNppesDiscrepancy: ['masterAdmin', 'staff'],
  ...NOTICE_PERMISSIONS,
  RequestExclusionClearance: ['masterAdmin'],
  DecideExclusionClearance: ['masterAdmin', 'staff'],
  RecordCommitteeOutcome: ['committee'],
};

const FORBIDDEN_MESSAGE: Record<CredentialingCommand['type'] | 'ViewFile', string> = {
  ViewFile: 'Only the provider, the credentialing staff of their practices, the committee and the master admin see this file',
  StartFile: 'Only the credentialing staff of the provider’s practices and the master admin start a file',
  DeclareApplication: 'Only the provider, the credentialing staff of their practices and the master admin edit this file',
  AddCredential: 'Only the provider, the credentialing staff of their practices and the master admin edit this file',
  UpdateCredential: 'Only the provider, the credentialing staff of their practices and the master admin edit this file',
  RemoveCredential: 'Only the provider, the credentialing staff of their practices and the master admin edit this file',
  RecordVerification: 'Only the credentialing staff of the provider’s practices and the master admin verify credentials',
  SignAttestation: 'Only the provider signs their own attestation',
  SubmitFile: 'Only the credentialing staff of the provider’s practices and the master admin submit a file',
  DecideFile: 'Only the master admin decides',
  RecordScreening: 'Only the credentialing staff of the provider’s practices and the master admin resolve an exclusion match',
  ResolveNppesDiscrepancy: 'Only the credentialing staff of the provider’s practices and the master admin resolve an NPPES discrepancy',
  ...NOTICE_FORBIDDEN,
  RequestExclusionClearance: 'Only the master admin clears an NPI exclusion (with evidence, confirmed by a second person)',
  DecideExclusionClearance: 'Only another master admin or the credentialing staff of the provider’s practices confirm the clearance of an NPI exclusion',
  RecordCommitteeOutcome: 'Only a Committee member or the Medical Director decides for the committee',
};

export function mayDo(role: FileRole, action: CredentialingCommand['type'] | 'ViewFile'): boolean {
  return PERMISSIONS[action].includes(role);
}

export function assertAllowed(role: FileRole, action: CredentialingCommand['type'] | 'ViewFile'): void {
  if (!mayDo(role, action)) throw new NotAllowed(FORBIDDEN_MESSAGE[action]);
}

function statusChange(c: Cycle, providerId: string, to: credentialing.FileStatus, at: string, by: string, why: string): CredentialingEvent {
  return { type: 'FileStatusChanged', data: { providerId, cycleId: c.cycleId, from: c.status, to, at, by, why } };
}

/** The file's open items on a day (the decision day, or today). */
export function openItemsOf(cycle: Cycle, now: Date, options?: OpenItemOptions) {
  return openItems(cycle, dayOf(now), options);
}

export function decide(command: CredentialingCommand, state: FileState, options: OpenItemOptions = {}): CredentialingEvent[] {
  const { providerId, actor, now } = command.data;
  assertAllowed(actor.role, command.type);
  const at = now.toISOString();
  const by = actor.userId;
  if (command.type === 'StartFile') {
    if (state.current && isOpen(state.current.status)) throw new CycleAlreadyOpen(state.current.status);
    const cycle = state.cycles + 1;
    const cycleId = command.data.cycleId;
    return [
      { type: 'FileStarted', data: { providerId, cycleId, cycle, reason: cycle === 1 ? 'initial' : 'recredentialing', startedAt: at, startedBy: by } },
      {
        type: 'FileStatusChanged',
        data: { providerId, cycleId, from: null, to: 'Not Started', at, by, why: cycle === 1 ? 'Initial credentialing' : `Recredentialing (cycle ${cycle})` },
      },
    ];
  }
  const c = state.current;
  if (!c) throw new FileNotFound();
  const cycleId = c.cycleId;
  const editable = () => {
    if (!EDITABLE.includes(c.status)) throw new FileLocked(c.status);
  };
  /** The first change of a new file opens the application. */
  const opening = (why: string): CredentialingEvent[] => (c.status === 'Not Started' ? [statusChange(c, providerId, 'Application', at, by, why)] : []);
  const credential = (id: string) => {
    const found = c.credentials.find((x) => x.credentialId === id);
    if (!found) throw new CredentialNotFound();
    return found;
  };
  switch (command.type) {
    case 'RecordScreening': {
      // Monitoring goes on in every status (an approved provider is screened monthly).
      const { actor: _a, now: _n, providerId: _p, resolved, ...d } = command.data;
      if (d.verifiedOn > dayOf(now)) throw new ValidationFailed('verifiedOn', 'verifiedOn: cannot be in the future');
      if (d.method === 'manual' && d.evidence?.kind !== 'document') throw new ValidationFailed('evidence', 'evidence: a resolution needs its evidence (a PDF or an image)');
      const screened: CredentialingEvent = { type: 'ExclusionScreened', data: { providerId, cycleId, ...d, at, by } };
      if (!resolved) return [screened];
      return [screened, { type: 'ExclusionMatchResolved', data: { providerId, cycleId, ...resolved, exclusion: d.exclusion, at, by } }];
    }
    case 'RequestExclusionClearance': {
      const asked = requestClearance(state.clearances, command.data);
      return [{ type: 'ExclusionClearanceRequested', data: { providerId, cycleId, ...asked, at, by } }];
    }
    case 'DecideExclusionClearance': {
      const d = command.data;
      const p = decideClearance(state.clearances, { match: d.match, decision: d.decision, note: d.note, by });
      const note = d.note?.trim() || null;
      const decided: CredentialingEvent = {
        type: 'ExclusionClearanceDecided',
        data: { providerId, cycleId, matchId: d.match.matchId, decision: d.decision === 'Confirm' ? 'Confirmed' : 'Rejected', requestedBy: p.requestedBy, note, at, by },
      };
      if (d.decision === 'Reject') return [decided];
      return [
        decided,
        {
          type: 'ExclusionScreened',
          data: {
            providerId,
            cycleId,
            verificationId: d.verificationId,
            method: 'manual',
            result: d.exclusion ? 'Discrepancy' : 'Verified',
            finding: 'Cleared with evidence',
            exclusion: d.exclusion,
            verifiedOn: dayOf(now),
            note: `Cleared with evidence (${p.reason}): ${d.row}. ${p.note}${note ? ` Confirmed: ${note}` : ''}`.slice(0, 1000),
            evidence: p.evidence,
            discrepancies: [],
            at,
            by,
          },
        },
        { type: 'ExclusionMatchResolved', data: { providerId, cycleId, matchId: d.match.matchId, kind: d.match.kind === 'Possible match' ? 'Possible match' : 'Excluded', status: 'Cleared with evidence', exclusion: d.exclusion, at, by } },
      ];
    }
    case 'DeclareApplication': {
      editable();
      const { hasDea, hasBoardCertification } = command.data;
      return [...opening('Application started'), { type: 'ApplicationDeclared', data: { providerId, cycleId, hasDea, hasBoardCertification, at, by } }];
    }
    case 'AddCredential': {
      editable();
      if (c.credentials.some((x) => x.credentialId === command.data.credentialId)) return [];
      return [
        ...opening('Application started'),
        { type: 'CredentialAdded', data: { providerId, cycleId, credentialId: command.data.credentialId, credential: command.data.credential, at, by } },
      ];
    }
    case 'UpdateCredential': {
      editable();
      const old = credential(command.data.credentialId);
      if (old.credential.kind !== command.data.credential.kind) throw new ValidationFailed('kind', `kind: a ${old.credential.kind} credential stays a ${old.credential.kind}`);
      return [
        ...opening('Application started'),
        { type: 'CredentialUpdated', data: { providerId, cycleId, credentialId: command.data.credentialId, credential: command.data.credential, at, by } },
      ];
    }
    case 'RemoveCredential': {
      editable();
      credential(command.data.credentialId);
      return [...opening('Application started'), { type: 'CredentialRemoved', data: { providerId, cycleId, credentialId: command.data.credentialId, at, by } }];
    }
    case 'RecordVerification': {
      editable();
      const d = command.data;
      if (d.credentialId) {
        // The source must fit the credential (a malpractice policy is not verified by a school).
        const mismatch = d.method === 'manual' ? credentialing.sourceMismatch(credential(d.credentialId).credential.kind, d.source) : null;
        if (mismatch) throw new ValidationFailed('source', mismatch);
      } else if (d.source !== 'NPPES' && d.source !== 'OIG LEIE' && !(d.source === 'NPDB' && d.method === 'manual'))
        throw new ValidationFailed('credentialId', 'credentialId: only the NPPES check, the exclusion screening and an NPDB query verify the file as a whole');
      if (d.verifiedOn > dayOf(now)) throw new ValidationFailed('verifiedOn', 'verifiedOn: cannot be in the future');
      if (d.method === 'manual' && d.evidence?.kind !== 'document') throw new ValidationFailed('evidence', 'evidence: a manual verification needs its evidence (a PDF or an image)');
      const recorded: VerificationRecorded = {
        type: 'VerificationRecorded',
        data: {
          providerId,
          cycleId,
          verificationId: d.verificationId,
          credentialId: d.credentialId,
          source: d.source,
          method: d.method,
          result: d.result,
          verifiedOn: d.verifiedOn,
          note: d.note,
          evidence: d.evidence,
          discrepancies: d.discrepancies,
          ...(d.enrollmentEndsOn ? { enrollmentEndsOn: d.enrollmentEndsOn } : {}),
          at,
          by,
        },
      };
      const toVerification = c.status === 'Verification' ? [] : [statusChange(c, providerId, 'Verification', at, by, 'Verification started')];
      return [...toVerification, recorded];
    }
    case 'ResolveNppesDiscrepancy': {
      editable();
      return [resolveNppes(c, { providerId, cycleId }, { note: command.data.note, evidence: command.data.evidence }, now, by)];
    }
    case 'SignAttestation': {
      // Re-attestation every 120 days goes on after approval too.
      if (c.status !== 'Approved') editable();
      const a = command.data.attestation;
      if (a.signedOn > dayOf(now)) throw new ValidationFailed('signedOn', 'signedOn: cannot be in the future');
      return [...opening('Application started'), { type: 'AttestationSigned', data: { providerId, cycleId, attestation: a, at, by } }];
    }
    case 'SubmitFile': {
      if (c.status === 'Committee Review') throw new WrongStatus('The file is already in Committee Review');
      editable();
      const items = openItemsOf(c, now, options);
      if (items.length) throw new OpenItemsRemain(items);
      // Routed on submission: clean (the Medical Director may approve it alone) or flagged (a meeting).
      return [statusChange(c, providerId, 'Committee Review', at, by, 'Submitted to the committee'), routeOnSubmit(c, providerId, now, by)];
    }
    case 'RequestAppeal':
      return [...decideNotice(command, c, state, by), statusChange(c, providerId, 'Appeal', at, by, 'Appeal of the denial requested by the provider')];
    case 'AddAppealDocument':
    case 'RequestCorrection':
    case 'AnswerCorrection':
      return decideNotice(command, c, state, by);
    case 'RecordCommitteeOutcome':
      return decideCommitteeOutcome(command, c, () => openItemsOf(c, now, options));
    case 'DecideFile': {
      // An appeal goes back to the committee: decided like a file in Committee Review.
      const onAppeal = c.status === 'Appeal';
      if (c.status !== 'Committee Review' && !onAppeal) throw new WrongStatus(`Only a file in Committee Review or Appeal can be decided (this one is ${c.status})`);
      const { decision, note, letterId } = command.data;
      const reasons = decision === 'Denied' ? [...new Set(command.data.reasons)] : [];
      if (decision === 'Denied' && !reasons.length) throw new ValidationFailed('reasons', 'reasons: a denial names at least one reason code');
      const decidedOn = dayOf(now);
      if (decision === 'Approved') {
        // The windows count to the decision day: a verification fine at submission may be too old now.
        const items = openItemsOf(c, now, options);
        if (items.length) throw new OpenItemsRemain(items);
      }
      const recredentialingDueOn = decision === 'Approved' ? addMonths(decidedOn, credentialing.RECREDENTIALING_MONTHS) : null;
      return [
        { type: 'FileDecided', data: { providerId, cycleId, decision, note, decidedOn, recredentialingDueOn, reasons, appeal: onAppeal, letterId, at, by } },
        statusChange(c, providerId, decision, at, by, onAppeal ? `Committee decision on the appeal: ${decision === 'Denied' ? 'denial upheld' : 'Approved'}` : `Committee decision: ${decision}`),
      ];
    }
  }
}

function withCurrent(state: FileState, change: (c: Cycle) => Cycle): FileState {
  return state.current ? { ...state, current: change(state.current) } : state;
}

/** The file after an event, its history line added. */
export function evolve(state: FileState, event: CredentialingEvent): FileState {
  const next = evolveFile(state, event);
  const line = activityOf(event, state);
  return line ? { ...next, activity: [...(state.activity ?? []), line] } : next;
}

/**
 * Education and training verified in an earlier cycle are not verified again at recredentialing
 * (NCQA): each education credential's `Verified` verification at a fitting source carries over.
 */
function carriedOver(previous: Cycle): Verification[] {
  return previous.credentials.flatMap((c) => {
    if (c.credential.kind !== 'education') return [];
    const v = credentialVerification(previous.verifications, c);
    return v && v.result === 'Verified' ? [{ ...v, carriedOverFrom: v.carriedOverFrom ?? previous.cycle }] : [];
  });
}

function evolveFile(state: FileState, event: CredentialingEvent): FileState {
  switch (event.type) {
    case 'FileStarted': {
      const d = event.data;
      const previous = state.current;
      const carried = previous ? carriedOver(previous) : [];
      const keep = new Set(carried.map((v) => v.credentialId));
      return {
        ...state,
        providerId: d.providerId,
        cycles: d.cycle,
        past: previous ? [...(state.past ?? []), summary(previous)] : (state.past ?? []),
        current: {
          cycleId: d.cycleId,
          cycle: d.cycle,
          status: 'Not Started',
          startedOn: d.startedAt.slice(0, 10),
          // Recredentialing starts from the last cycle's application and credentials; verifications and the attestation are redone.
          application: previous?.application ?? null,
          // (An education credential whose verification carries over keeps its last change.)
          credentials: previous?.credentials.map((x) => (keep.has(x.credentialId) ? x : { ...x, changedAt: d.startedAt })) ?? [],
          verifications: carried,
          nppesResolutions: [],
          attestation: null,
          decision: null,
          recredentialingDueOn: null,
          history: [],
          exclusion: previous?.exclusion ?? null,
        },
      };
    }
    case 'ExclusionScreened': {
      const d = event.data;
      const verification: VerificationRecorded['data'] = {
        providerId: d.providerId,
        cycleId: d.cycleId,
        verificationId: d.verificationId,
        credentialId: null,
        source: 'OIG LEIE',
        method: d.method,
        result: d.result,
        verifiedOn: d.verifiedOn,
        note: d.note,
        evidence: d.evidence,
        discrepancies: d.discrepancies,
        at: d.at,
        by: d.by,
      };
      return withCurrent(state, (c) => ({ ...c, verifications: [...c.verifications, verification], exclusion: d.exclusion }));
    }
    case 'ExclusionClearanceRequested':
    case 'ExclusionClearanceDecided':
      return { ...state, clearances: evolveClearances(state.clearances, event) };
    case 'FileStatusChanged': {
      const { from, to, at, by, why } = event.data;
      return withCurrent(state, (c) => ({ ...c, status: to, history: [...c.history, { from, to, at, by, why }] }));
    }
    case 'ApplicationDeclared':
      return withCurrent(state, (c) => ({ ...c, application: { hasDea: event.data.hasDea, hasBoardCertification: event.data.hasBoardCertification } }));
    case 'CredentialAdded': {
      const d = event.data;
      return withCurrent(state, (c) => ({
        ...c,
        credentials: [...c.credentials, { credentialId: d.credentialId, credential: d.credential, addedOn: d.at.slice(0, 10), changedAt: d.at }],
      }));
    }
    case 'CredentialUpdated': {
      const d = event.data;
      return withCurrent(state, (c) => ({
        ...c,
        credentials: c.credentials.map((x) => (x.credentialId === d.credentialId ? { ...x, credential: d.credential, changedAt: d.at } : x)),
      }));
    }
    case 'CredentialRemoved':
      return withCurrent(state, (c) => ({ ...c, credentials: c.credentials.filter((x) => x.credentialId !== event.data.credentialId) }));
    case 'VerificationRecorded':
      return withCurrent(state, (c) => ({ ...c, verifications: [...c.verifications, event.data] }));
    case 'NppesDiscrepancyResolved':
      return withCurrent(state, (c) => ({ ...c, nppesResolutions: [...(c.nppesResolutions ?? []), event.data] }));
    case 'AttestationSigned':
      return withCurrent(state, (c) => ({ ...c, attestation: { ...event.data.attestation, signedBy: event.data.by } }));
    case 'AppealRequested':
    case 'AppealDocumentAdded':
    case 'CorrectionRequested':
    case 'CorrectionAnswered':
      return evolveNotice(state, event);
    case 'FileRoutedToCommittee':
    case 'CommitteeOutcomeRecorded':
      return withCurrent(state, (c) => evolveCommittee(c, event));
    case 'FileDecided': {
      const d = event.data;
      return withCurrent(evolveDecision(state, d), (c) => ({
        ...c,
        decision: { decision: d.decision, note: d.note, decidedOn: d.decidedOn, decidedBy: d.by },
        recredentialingDueOn: d.recredentialingDueOn,
      }));
    }
    default:
      return state;
  }
}

export const credentialingDecider: Decider<FileState, CredentialingCommand, CredentialingEvent> = {
  decide: (command, state) => decide(command, state),
  evolve,
  initialState: initialFileState,
};
