import { credentialing } from '@app/contracts';
import { renderPdf, writeLines } from '../infrastructure/pdf-document';

const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

/** The minutes' lines, in order (the PDF prints them; tests read them back): who attended, each file's outcome and reasons. */
export function minutesLines(m: credentialing.MeetingView, generated: { on: string; by: string }): { heading: string; sections: { title: string; lines: string[] }[] } {
  const heading = `Credentialing committee minutes: ${mdy(m.meetsOn)}`;
  const attendance = [
    `Members present (${m.present.length}): ${m.present.map((p) => p.name).join(', ') || 'none'}`,
    `Quorum: ${m.quorum} (${m.quorumMet ? 'met' : 'not met'})`,
  ];
  const files = m.agenda.flatMap((a, i) => {
    const lines = [`${i + 1}. ${a.provider ?? 'Provider'}${a.npi ? ` (NPI ${a.npi})` : ''}`];
    lines.push(`Flags: ${a.flags.map((f) => f.message).join('; ') || 'none'}`);
    const o = a.outcome;
    if (!o) {
      lines.push('Outcome: not decided at this meeting');
    } else {
      lines.push(`Outcome: ${credentialing.MEETING_OUTCOME_LABELS[o.outcome]} (recorded by ${o.byName})`);
      if (o.conditions) lines.push(`Conditions: ${o.conditions}${o.followUpOn ? `; follow-up on ${mdy(o.followUpOn)}` : ''}`);
      if (o.reasons.length) lines.push(`Reasons: ${o.reasons.map((r) => credentialing.DENIAL_REASON_LABELS[r]).join('; ')}`);
      if (o.note) lines.push(`Note: ${o.note}`);
      if (o.questions) lines.push(`Questions to staff: ${o.questions}`);
    }
    return [...lines, ''];
  });
  return {
    heading,
    sections: [
      { title: 'Attendance', lines: attendance },
      { title: 'Files and outcomes', lines: files.length ? files : ['No file on the agenda'] },
      { title: 'Record', lines: [`Generated on ${mdy(generated.on)} by ${generated.by}.`] },
    ],
  };
}

/** Renders the minutes as a PDF (pdfkit, Helvetica). */
export function renderMinutes(m: credentialing.MeetingView, generated: { on: string; by: string }): Promise<Buffer> {
  const { heading, sections } = minutesLines(m, generated);
  return renderPdf(heading, (doc) => {
    for (const s of sections) {
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(12).text(s.title);
      doc.font('Helvetica').fontSize(11);
      writeLines(doc, s.lines, 0.5);
    }
  });
}
