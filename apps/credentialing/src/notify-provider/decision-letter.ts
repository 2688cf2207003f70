import { credentialing } from '@app/contracts';
import { appealDeadline } from '../domain/notice';
import { renderPdf, writeLines } from '../infrastructure/pdf-document';

/** What a decision letter says: to whom, the decision and its day, the recredentialing due date or the denial's reasons. */
export type LetterContent = {
  providerName: string | null;
  npi: string | null;
  decision: credentialing.Decision;
  decidedOn: string;
  /** Decided on the provider's appeal of a denial. */
  appeal: boolean;
  recredentialingDueOn: string | null;
  reasons: credentialing.DenialReason[];
  /** The committee's explanation of a denial (a denial letter only). */
  explanation: string | null;
  /** An approval with conditions: what the committee asks and when it follows up. */
  conditions?: { text: string; followUpOn: string | null } | null;
};

const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

/** The letter's paragraphs, in order (the PDF prints them; tests read them back). */
export function letterParagraphs(l: LetterContent): { heading: string; lines: string[] } {
  const to = l.providerName ?? 'Provider';
  const heading = l.appeal
    ? `Decision on your appeal: ${l.decision === 'Approved' ? 'Approved' : 'Denial upheld'}`
    : `Credentialing decision: ${l.decision}${l.conditions ? ' with conditions' : ''}`;
  const lines = [`Date of decision: ${mdy(l.decidedOn)}`, `To: ${to}${l.npi ? ` (NPI ${l.npi})` : ''}`, ''];
  if (l.decision === 'Approved') {
    lines.push(
      l.appeal
        ? 'The credentialing committee reviewed your appeal and approved your credentialing.'
        : 'The credentialing committee approved your credentialing.',
      `Recredentialing due date: ${mdy(l.recredentialingDueOn ?? l.decidedOn)}`,
      'You will be asked to renew your credentials before that date.',
    );
    if (l.conditions) {
      lines.push('', `Conditions of the approval: ${l.conditions.text}`);
      if (l.conditions.followUpOn) lines.push(`The committee follows up on these conditions on ${mdy(l.conditions.followUpOn)}.`);
    }
  } else {
    lines.push(
      l.appeal ? 'The credentialing committee reviewed your appeal and upheld the denial of your credentialing. This decision is final.' : 'The credentialing committee denied your credentialing.',
      '',
      'Reasons:',
      ...l.reasons.map((r) => `- ${credentialing.DENIAL_REASON_LABELS[r]}`),
    );
    if (l.explanation) lines.push('', `Explanation: ${l.explanation}`);
    if (!l.appeal) {
      lines.push(
        '',
        `Your right to appeal: you may request an appeal until ${mdy(appealDeadline(l.decidedOn))} (${credentialing.APPEAL_WINDOW_DAYS} days after this decision), with a statement and supporting documents, from your credentialing file.`,
      );
    }
  }
  lines.push('', 'You may review the information in your credentialing file and ask for the correction of any item from the file.');
  return { heading, lines };
}

/** Renders the letter as a PDF (pdfkit, Helvetica: Latin text as typed). */
export function renderDecisionLetter(l: LetterContent): Promise<Buffer> {
  const { heading, lines } = letterParagraphs(l);
  return renderPdf(heading, (doc) => {
    doc.moveDown();
    doc.font('Helvetica').fontSize(11);
    writeLines(doc, lines);
  });
}
