import type { credentialing } from '@app/contracts';
import { dayOf } from '../domain/calendar';
import { mayDo, type FileActor, type FileState } from '../domain/credentialing-file.decider';
import { appealDeadline, appealRefusal } from '../domain/notice';

/** The notice part of the file as the caller sees it: letters, the denial's reasons, the appeal, correction requests. */
export function noticeView(providerId: string, state: FileState, actor: FileActor, now: Date): credentialing.NoticeView {
  const c = state.current!;
  const today = dayOf(now);
  const denied = c.decision?.decision === 'Denied' ? c.decision : null;
  const { cycleId: _c, ...appeal } = c.appeal ?? { cycleId: '' };
  return {
    letters: (state.letters ?? []).map((l) => ({
      letterId: l.letterId,
      cycle: l.cycle,
      decision: l.decision,
      decidedOn: l.decidedOn,
      appeal: l.appeal,
      url: `/api/v1/credentialing/files/${providerId}/letters/${l.letterId}`,
    })),
    reasons: c.reasons ?? [],
    appeal: c.appeal ? (appeal as credentialing.AppealView) : null,
    appealDeadline: denied && !c.appeal && c.status === 'Denied' ? appealDeadline(denied.decidedOn) : null,
    corrections: (state.corrections ?? []).map(({ cycleId: _cycle, ...x }) => x),
    can: {
      appeal: mayDo(actor.role, 'RequestAppeal') && appealRefusal(c, today) === null,
      addAppealDocument: mayDo(actor.role, 'AddAppealDocument') && c.status === 'Appeal',
      decideAppeal: mayDo(actor.role, 'DecideFile') && c.status === 'Appeal',
      requestCorrection: mayDo(actor.role, 'RequestCorrection'),
      answerCorrection: mayDo(actor.role, 'AnswerCorrection'),
    },
  };
}
