/**
 * The provider is told (NCQA CR 1 rights, CR 6 notice): the events and rules of the appeal of a
 * denial and of the provider's correction requests, and the decision letters the file keeps.
 * Plain functions the file's decider calls for its notice commands and events.
 */
import { credentialing } from '@app/contracts';
import { addDays, dayOf } from './calendar';
import { ValidationFailed, WrongStatus } from './credentialing.errors';
import { NotFound } from '@app/errors';
import type { FileActor } from './credentialing-file.decider';

export type AppealDocument = { fileUrl: string; fileName: string };

export type AppealRequested = {
  type: 'AppealRequested';
  data: { providerId: string; cycleId: string; appealId: string; statement: string; documents: AppealDocument[]; requestedOn: string; at: string; by: string };
};
export type AppealDocumentAdded = {
  type: 'AppealDocumentAdded';
  data: { providerId: string; cycleId: string; appealId: string; document: AppealDocument; at: string; by: string };
};
export type CorrectionRequested = {
  type: 'CorrectionRequested';
  data: { providerId: string; cycleId: string; correctionId: string; subject: string; note: string; at: string; by: string };
};
export type CorrectionAnswered = {
  type: 'CorrectionAnswered';
  data: { providerId: string; cycleId: string; correctionId: string; answer: string; at: string; by: string };
};
export type NoticeEvent = AppealRequested | AppealDocumentAdded | CorrectionRequested | CorrectionAnswered;

/** A letter the file keeps, one per decision (its PDF is stored by the service under `letterId`). */
export type StoredLetter = {
  letterId: string;
  cycle: number;
  cycleId: string;
  decision: credentialing.Decision;
  decidedOn: string;
  appeal: boolean;
  recredentialingDueOn: string | null;
  reasons: credentialing.DenialReason[];
  /** The committee's explanation, printed in a denial letter. */
  explanation: string | null;
  /** An approval with conditions: the conditions and their follow-up date (absent otherwise). */
  conditions?: { text: string; followUpOn: string | null };
};
export type StoredAppeal = credentialing.AppealView & { cycleId: string };
export type StoredCorrection = credentialing.CorrectionView & { cycleId: string };

/** What the notice adds to the file's state (absent in files folded before: read as empty). */
export type NoticeState = { letters?: StoredLetter[]; corrections?: StoredCorrection[] };
/** What the notice adds to a cycle: the denial's reasons and its appeal. */
export type NoticeCycle = { reasons?: credentialing.DenialReason[]; appeal?: StoredAppeal | null };

type Base = { providerId: string; actor: FileActor; now: Date };
export type RequestAppeal = { type: 'RequestAppeal'; data: Base & { appealId: string; statement: string; documents: AppealDocument[] } };
export type AddAppealDocument = { type: 'AddAppealDocument'; data: Base & { document: AppealDocument } };
export type RequestCorrection = { type: 'RequestCorrection'; data: Base & { correctionId: string; subject: string; note: string } };
export type AnswerCorrection = { type: 'AnswerCorrection'; data: Base & { correctionId: string; answer: string } };
export type NoticeCommand = RequestAppeal | AddAppealDocument | RequestCorrection | AnswerCorrection;

/** Who may: only the provider appeals and asks for corrections; their staff and the master admin answer. */
export const NOTICE_PERMISSIONS = {
  RequestAppeal: ['provider'],
  AddAppealDocument: ['provider'],
  RequestCorrection: ['provider'],
  AnswerCorrection: ['masterAdmin', 'staff'],
} as const;
export const NOTICE_FORBIDDEN: Record<NoticeCommand['type'], string> = {
  RequestAppeal: 'Only the provider appeals the decision on their file',
  AddAppealDocument: 'Only the provider adds documents to their appeal',
  RequestCorrection: 'Only the provider asks for a correction of their file',
  AnswerCorrection: 'Only the credentialing staff of the provider’s practices and the master admin answer a correction request',
};

/** The last day an appeal of a denial decided on `decidedOn` may be requested. */
export const appealDeadline = (decidedOn: string) => addDays(decidedOn, credentialing.APPEAL_WINDOW_DAYS);

/** The part of a cycle the notice rules read. */
export type NoticeCycleView = NoticeCycle & {
  cycleId: string;
  status: credentialing.FileStatus;
  decision: { decision: credentialing.Decision; decidedOn: string } | null;
  credentials: { credentialId: string }[];
  verifications: { verificationId: string }[];
};

/** The appeal the provider may still request of the current cycle's denial, or why not (null: allowed). */
export function appealRefusal(c: NoticeCycleView, today: string): string | null {
  if (c.status !== 'Denied' || c.decision?.decision !== 'Denied') return `Only a denied file can be appealed (this one is ${c.status})`;
  if (c.appeal) return `This denial was already appealed (on ${c.appeal.requestedOn}): the committee's decision on the appeal is final`;
  const deadline = appealDeadline(c.decision.decidedOn);
  if (today > deadline) return `The appeal window closed on ${deadline} (${credentialing.APPEAL_WINDOW_DAYS} days after the denial of ${c.decision.decidedOn})`;
  return null;
}

export function decideNotice(command: NoticeCommand, c: NoticeCycleView, state: NoticeState, by: string): NoticeEvent[] {
  const { providerId, now } = command.data;
  const at = now.toISOString();
  const cycleId = c.cycleId;
  switch (command.type) {
    case 'RequestAppeal': {
      const { appealId, statement, documents } = command.data;
      if (!statement.trim()) throw new ValidationFailed('statement', 'statement is required');
      const refused = appealRefusal(c, dayOf(now));
      if (refused) throw new WrongStatus(refused, 'appeal');
      return [{ type: 'AppealRequested', data: { providerId, cycleId, appealId, statement: statement.trim(), documents, requestedOn: dayOf(now), at, by } }];
    }
    case 'AddAppealDocument': {
      if (c.status !== 'Appeal' || !c.appeal) throw new WrongStatus('Documents are added to an appeal while the committee has not decided it', 'appeal');
      return [{ type: 'AppealDocumentAdded', data: { providerId, cycleId, appealId: c.appeal.appealId, document: command.data.document, at, by } }];
    }
    case 'RequestCorrection': {
      const { correctionId, subject, note } = command.data;
      if (!note.trim()) throw new ValidationFailed('note', 'note is required');
      const m = /^(credential|verification):(.+)$/.exec(subject);
      if (m?.[1] === 'credential' && !c.credentials.some((x) => x.credentialId === m[2])) throw new ValidationFailed('subject', 'subject: no such credential in the file');
      if (m?.[1] === 'verification' && !c.verifications.some((x) => x.verificationId === m[2])) throw new ValidationFailed('subject', 'subject: no such verification in the file');
      if (!m && !['file', 'application', 'attestation'].includes(subject)) throw new ValidationFailed('subject', 'subject: file, application, attestation, credential:<id> or verification:<id>');
      if ((state.corrections ?? []).some((x) => x.correctionId === correctionId)) return [];
      return [{ type: 'CorrectionRequested', data: { providerId, cycleId, correctionId, subject, note: note.trim(), at, by } }];
    }
    case 'AnswerCorrection': {
      const { correctionId, answer } = command.data;
      if (!answer.trim()) throw new ValidationFailed('answer', 'answer is required');
      const found = (state.corrections ?? []).find((x) => x.correctionId === correctionId);
      if (!found) throw new NotFound('No such correction request in this file');
      if (found.answeredAt) throw new WrongStatus(`This correction request was already answered (${found.answeredAt.slice(0, 10)})`, 'correctionId');
      return [{ type: 'CorrectionAnswered', data: { providerId, cycleId, correctionId, answer: answer.trim(), at, by } }];
    }
  }
}

/** Folds a notice event: the appeal into the current cycle, corrections into the file. */
export function evolveNotice<S extends NoticeState & { current: (NoticeCycle & { cycleId: string }) | null }>(state: S, event: NoticeEvent): S {
  switch (event.type) {
    case 'AppealRequested': {
      const d = event.data;
      if (!state.current) return state;
      const appeal: StoredAppeal = {
        appealId: d.appealId,
        cycleId: d.cycleId,
        status: 'Requested',
        statement: d.statement,
        documents: d.documents,
        requestedOn: d.requestedOn,
        requestedBy: d.by,
        decidedOn: null,
      };
      return { ...state, current: { ...state.current, appeal } };
    }
    case 'AppealDocumentAdded': {
      const a = state.current?.appeal;
      if (!state.current || !a || a.appealId !== event.data.appealId) return state;
      return { ...state, current: { ...state.current, appeal: { ...a, documents: [...a.documents, event.data.document] } } };
    }
    case 'CorrectionRequested': {
      const d = event.data;
      const correction: StoredCorrection = {
        correctionId: d.correctionId,
        cycleId: d.cycleId,
        subject: d.subject,
        note: d.note,
        requestedAt: d.at,
        requestedBy: d.by,
        answer: null,
        answeredAt: null,
        answeredBy: null,
      };
      return { ...state, corrections: [...(state.corrections ?? []), correction] };
    }
    case 'CorrectionAnswered': {
      const d = event.data;
      return {
        ...state,
        corrections: (state.corrections ?? []).map((x) => (x.correctionId === d.correctionId ? { ...x, answer: d.answer, answeredAt: d.at, answeredBy: d.by } : x)),
      };
    }
  }
}

/** A decision folded: its letter kept in the file, the denial's reasons and the appeal's outcome in the cycle. */
export function evolveDecision<S extends NoticeState & { current: (NoticeCycle & { cycleId: string; cycle: number }) | null }>(
  state: S,
  d: {
    cycleId: string;
    decision: credentialing.Decision;
    decidedOn: string;
    note: string;
    recredentialingDueOn: string | null;
    reasons?: credentialing.DenialReason[];
    appeal?: boolean;
    letterId?: string;
    conditions?: { text: string; followUpOn: string | null };
  },
): S {
  const c = state.current;
  if (!c) return state;
  const letter: StoredLetter | null = d.letterId
    ? {
        letterId: d.letterId,
        cycle: c.cycle,
        cycleId: d.cycleId,
        decision: d.decision,
        decidedOn: d.decidedOn,
        appeal: d.appeal === true,
        recredentialingDueOn: d.recredentialingDueOn,
        reasons: d.reasons ?? [],
        explanation: d.decision === 'Denied' ? d.note : null,
        ...(d.conditions ? { conditions: d.conditions } : {}),
      }
    : null;
  const letters = letter ? [...(state.letters ?? []), letter] : state.letters;
  const appeal = d.appeal && c.appeal ? { ...c.appeal, status: d.decision === 'Approved' ? ('Approved' as const) : ('Upheld' as const), decidedOn: d.decidedOn } : c.appeal;
  return { ...state, letters, current: { ...c, reasons: d.decision === 'Denied' ? (d.reasons ?? []) : [], appeal } };
}
