import PDFDocument from 'pdfkit';

/** The product name every generated PDF opens with. */
export const PDF_PRODUCT = 'Credentialing Suite';

/**
 * A one-column PDF of the service (pdfkit, US Letter, Helvetica: Latin text as typed): the
 * product name, the heading, then what `body` draws; the bytes when the document ends.
 */
export function renderPdf(heading: string, body: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 64, info: { Title: heading, Author: PDF_PRODUCT } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(11).text(PDF_PRODUCT);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(16).text(heading);
  body(doc);
  doc.end();
  return done;
}

/** Lines of text, an empty line a small gap. */
export function writeLines(doc: PDFKit.PDFDocument, lines: readonly string[], gap = 0.6): void {
  for (const line of lines) {
    if (line === '') doc.moveDown(gap);
    else doc.text(line);
  }
}
