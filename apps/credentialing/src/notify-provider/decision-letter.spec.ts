import { pdfText } from '@app/testing';
import { letterParagraphs, renderDecisionLetter, type LetterContent } from './decision-letter';

const approval: LetterContent = {
  providerName: 'Ann Smith',
  npi: '1234567893',
  decision: 'Approved',
  decidedOn: '2026-03-02',
  appeal: false,
  recredentialingDueOn: '2029-03-02',
  reasons: [],
  explanation: null,
};
const denial: LetterContent = {
  ...approval,
  decision: 'Denied',
  recredentialingDueOn: null,
  reasons: ['licence-action', 'malpractice-history'],
  explanation: 'Probation by the Texas board in 2025',
};
const oneLine = (pages: string[]) => pages.join(' ').replace(/\s+/g, ' ');

describe('the decision letter (PDF)', () => {
  it('an approval names the decision, its date and the recredentialing due date', async () => {
    const text = oneLine(await pdfText(await renderDecisionLetter(approval)));
    expect(text).toContain('Credentialing decision: Approved');
    expect(text).toContain('Date of decision: 03/02/2026');
    expect(text).toContain('To: Ann Smith (NPI 1234567893)');
    expect(text).toContain('Recredentialing due date: 03/02/2029');
    expect(text).not.toContain('Reasons');
  });

  it('a denial names its reasons, the explanation and the appeal deadline (30 days on)', async () => {
    const text = oneLine(await pdfText(await renderDecisionLetter(denial)));
    expect(text).toContain('Credentialing decision: Denied');
    expect(text).toContain('- Action against a licence');
    expect(text).toContain('- Malpractice claims history');
    expect(text).toContain('Explanation: Probation by the Texas board in 2025');
    expect(text).toContain('you may request an appeal until 04/01/2026');
    expect(text).not.toContain('Recredentialing due date');
  });

  it("the appeal's outcome: an upheld denial is final (no new appeal), an approval gives the due date", () => {
    const upheld = letterParagraphs({ ...denial, appeal: true, decidedOn: '2026-03-20' });
    expect(upheld.heading).toBe('Decision on your appeal: Denial upheld');
    expect(upheld.lines.join('\n')).toContain('This decision is final');
    expect(upheld.lines.join('\n')).not.toContain('request an appeal');
    const approved = letterParagraphs({ ...approval, appeal: true });
    expect(approved.heading).toBe('Decision on your appeal: Approved');
    expect(approved.lines).toContain('Recredentialing due date: 03/02/2029');
  });
});
