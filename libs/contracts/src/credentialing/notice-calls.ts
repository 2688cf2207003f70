import { defineRpcs } from '../rpc-contract';
import { FileReply } from './calls';
import { AnswerCorrectionPayload, AppealDocumentPayload, AppealPayload, CorrectionPayload, LetterReply, LetterRequest } from './notice';

/** The provider is told (credentialing.cmd/qry.<name>): appeals, correction requests, decision letters. */
export const NOTICE_RPC = defineRpcs('credentialing', {
  requestAppeal: { kind: 'cmd', request: AppealPayload, reply: FileReply },
  addAppealDocument: { kind: 'cmd', request: AppealDocumentPayload, reply: FileReply },
  requestCorrection: { kind: 'cmd', request: CorrectionPayload, reply: FileReply },
  answerCorrection: { kind: 'cmd', request: AnswerCorrectionPayload, reply: FileReply },
  /** A decision letter's PDF, for callers who may see the file. */
  getLetter: { kind: 'qry', request: LetterRequest, reply: LetterReply },
});
