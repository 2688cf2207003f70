import { crc32, deflateSync } from 'node:zlib';
import { pdfText } from '@app/testing';
import type { credentialing } from '@app/contracts';
import { printable, renderPacket, valueText } from './packet.pdf';

/** A 2 x 2 red PNG, written by hand (signature, IHDR, IDAT, IEND). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const CYCLE = 'c1';
const file: credentialing.FileView = {
  providerId: 'p1',
  provider: { name: 'Smith, Ann', npi: '1234567893' },
  cycle: 1,
  cycleId: CYCLE,
  status: 'Approved',
  startedOn: '2026-01-02',
  application: { hasDea: false, hasBoardCertification: false },
  credentials: [
    { kind: 'stateLicense', state: 'TX', number: 'L-1', licenseType: 'MD', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2030-06-01', documents: [], credentialId: 'k1', addedOn: '2026-01-02', changedAt: '2026-01-02T10:00:00Z' },
  ] as credentialing.FileView['credentials'],
  verifications: [
    {
      verificationId: 'v1',
      credentialId: 'k1',
      source: 'State board',
      method: 'manual',
      result: 'Verified',
      verifiedOn: '2026-01-05',
      verifiedBy: 'u-staff',
      note: 'Board site',
      evidence: { kind: 'document', fileUrl: '/api/files/board.png', fileName: 'board-lookup.png' },
      discrepancies: [],
    },
  ],
  attestation: null,
  openItems: [],
  decision: { decision: 'Approved', note: 'Meets criteria', decidedOn: '2026-02-01', decidedBy: 'u-admin' },
  recredentialingDueOn: '2029-02-01',
  history: [{ from: 'Committee Review', to: 'Approved', at: '2026-02-01T10:00:00Z', by: 'u-admin', why: 'Committee decision: Approved' }],
  activity: [{ at: '2026-02-01T10:00:00Z', by: 'u-admin', cycle: 1, what: 'Status Committee Review \u2192 Approved' }],
  people: { 'u-staff': 'Sam Staff', 'u-admin': 'Ada Admin' },
  can: { edit: false, verify: false, attest: false, submit: false, decide: false, start: false },
};

describe('the credentialing packet PDF', () => {
  it('prints every field of the decision-like events it is given (a committee meeting), naming the people', async () => {
    const events: credentialing.PacketEvent[] = [
      { type: 'CommitteeMeetingHeld', at: '2026-01-30T18:00:00Z', by: 'u-admin', fields: { meetingOn: '2026-01-30', quorum: true, conditions: ['Proctoring for 6 months'], chairedBy: 'u-chair' } },
    ];
    const pdf = await renderPacket({ file, decisions: events, people: { 'u-chair': 'Carl Chair' }, generatedAt: '2026-02-02T00:00:00Z' }, async () => undefined);
    const text = (await pdfText(pdf)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Committee meeting held: 2026-01-30T18:00:00Z by Ada Admin');
    expect(text).toContain('Meeting on: 2026-01-30');
    expect(text).toContain('Quorum: Yes');
    expect(text).toContain('Conditions: Proctoring for 6 months');
    expect(text).toContain('Chaired by: Carl Chair');
    expect(text).toContain('Verified by: Sam Staff');
    expect(text).toContain('Ada Admin: Status Committee Review -> Approved');
  });

  it('appends an image evidence as a page of its own and lists a PDF evidence', async () => {
    const withImage = await renderPacket({ file, decisions: [], people: {}, generatedAt: 'now' }, async () => ({ data: png(), contentType: 'image/png' }));
    const pages = await pdfText(withImage);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.join(' ')).toContain('board-lookup.png (image, appended below)');
    expect(pages[pages.length - 1]).toContain('Evidence of the State board verification');
    expect(withImage.toString('latin1')).toContain('/Subtype /Image');
    const withPdf = await renderPacket({ file, decisions: [], people: {}, generatedAt: 'now' }, async () => ({ data: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' }));
    expect((await pdfText(withPdf)).join(' ')).toContain('board-lookup.png (PDF, listed');
  });

  it('prints reason codes by their labels and text the standard font cannot print as ?', () => {
    expect(valueText('reasons', ['licence-action'])).toMatch(/licen/i);
    expect(printable('a \u2192 b \u4e2d')).toBe('a -> b ?');
  });
});
