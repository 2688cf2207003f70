import PDFDocument from 'pdfkit';
import { credentialing } from '@app/contracts';

/** A stored evidence document's bytes (undefined: not in the storage), for images to be embedded. */
export type EvidenceReader = (fileUrl: string) => Promise<{ data: Buffer; contentType: string } | undefined>;

type File = credentialing.FileView;

const PRODUCT = 'Credentialing Suite';
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);
/** Images larger than this are listed, not embedded (the packet stays a document one can send). */
const EMBED_MAX_BYTES = 8 * 1024 * 1024;

const ATTESTATION_QUESTIONS: [keyof credentialing.AttestationView, string][] = [
  ['unableToPerformEssentialFunctions', 'Unable to perform the essential functions of the position'],
  ['illegalDrugUse', 'Current illegal drug use'],
  ['lossOfLicenseOrFelony', 'Loss of licence or felony conviction'],
  ['limitationsOrDisciplinaryActions', 'Limitations of privileges or disciplinary actions'],
  ['currentMalpracticeCoverage', 'Current malpractice coverage'],
];

/**
 * Text as the standard Helvetica (WinAnsi) can print it: arrows as `->`, other characters outside
 * Latin-1 and the common punctuation as `?` (the file's stored text is unchanged).
 */
export function printable(text: string): string {
  return text.replace(/\u2192/g, '->').replace(/[^\t\n\r\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]/g, '?');
}

const kindLabel = (kind: credentialing.CredentialKind) => {
  const label = credentialing.KIND_LABELS[kind];
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** `camelCase` as words: `recredentialingDueOn` → `Recredentialing due on`. */
export function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's value as one line of text (reason codes by their labels). */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (key === 'reasons' && Array.isArray(value)) return value.map((r) => credentialing.DENIAL_REASON_LABELS[r as credentialing.DenialReason] ?? String(r)).join('; ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'object' && v !== null ? documentName(v) ?? JSON.stringify(v) : String(v))).join('; ') : '-';
  if (typeof value === 'object') return documentName(value) ?? JSON.stringify(value);
  return String(value);
}

function documentName(v: object): string | undefined {
  const d = v as { fileName?: unknown; fileUrl?: unknown };
  return typeof d.fileName === 'string' ? d.fileName : typeof d.fileUrl === 'string' ? d.fileUrl : undefined;
}

/** A document of the file to list (and append when it is an image). */
type Listed = { fileUrl: string; fileName: string; what: string };

/** Every document the file names: credentials' documents, verifications' and resolutions' evidence, the appeal's documents. */
export function documentsOf(file: File): Listed[] {
  const out: Listed[] = [];
  const seen = new Set<string>();
  const add = (fileUrl: string, fileName: string, what: string) => {
    if (seen.has(fileUrl)) return;
    seen.add(fileUrl);
    out.push({ fileUrl, fileName, what });
  };
  const kindOf = (credentialId: string | null) => {
    const c = file.credentials.find((x) => x.credentialId === credentialId);
    return c ? kindLabel(c.kind) : 'File';
  };
  for (const v of file.verifications) {
    if (v.evidence?.kind === 'document') add(v.evidence.fileUrl, v.evidence.fileName, `Evidence of the ${v.source} verification (${kindOf(v.credentialId)}, ${v.verifiedOn})`);
    if (v.resolution?.evidence) add(v.resolution.evidence.fileUrl, v.resolution.evidence.fileName, 'Evidence of the NPPES discrepancy resolution');
  }
  for (const c of file.credentials) for (const url of c.documents ?? []) add(url, url.split('/').pop() ?? url, `Document of the ${kindLabel(c.kind)}`);
  for (const d of file.notice?.appeal?.documents ?? []) add(d.fileUrl, d.fileName, 'Appeal document');
  return out;
}

/**
 * The credentialing packet of a file's current cycle as one PDF (pdfkit, Helvetica): identity,
 * credentials, verifications with their verifiers and evidence, the attestation, the flags, the
 * decision and every decision-like event of the cycle with all its fields, the letters, the
 * appeal and corrections, the history, then the evidence (images embedded, other documents listed).
 */
export async function renderPacket(packet: credentialing.PacketReply, readEvidence: EvidenceReader): Promise<Buffer> {
  const { file } = packet;
  const people = { ...packet.people, ...(file.people ?? {}) };
  const who = (id: string | null | undefined) => (id ? (people[id] ?? 'Former user') : '-');
  const name = file.provider.name ?? 'Provider';
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, bufferPages: false, info: { Title: `Credentialing packet: ${name}, cycle ${file.cycle}`, Author: PRODUCT } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const h1 = (t: string) => doc.font('Helvetica-Bold').fontSize(16).text(printable(t)).moveDown(0.3);
  const h2 = (t: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).text(printable(t)).moveDown(0.2);
  };
  const h3 = (t: string) => doc.font('Helvetica-Bold').fontSize(10.5).text(printable(t));
  const line = (t: string) => doc.font('Helvetica').fontSize(9.5).text(printable(t));
  const field = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(9.5).text(`${printable(label)}: `, { continued: true }).font('Helvetica').text(printable(value));
  const none = (t: string) => doc.font('Helvetica-Oblique').fontSize(9.5).text(printable(t));

  doc.font('Helvetica-Bold').fontSize(10).text(PRODUCT);
  h1('Credentialing packet');
  field('Provider', name);
  field('NPI', file.provider.npi ?? '-');
  field('Provider id', file.providerId);
  field('Cycle', `${file.cycle} (${file.cycle === 1 ? 'initial credentialing' : 'recredentialing'}), started ${file.startedOn}`);
  field('Status', file.status);
  field('Generated', packet.generatedAt);

  h2('Identity and application');
  field('Name', name);
  field('NPI', file.provider.npi ?? '-');
  field('Holds a DEA registration', file.application ? valueText('', file.application.hasDea) : 'not answered');
  field('Holds a board certification', file.application ? valueText('', file.application.hasBoardCertification) : 'not answered');

  h2('Credentials');
  if (!file.credentials.length) none('No credentials.');
  for (const c of file.credentials) {
    h3(kindLabel(c.kind));
    for (const [k, v] of Object.entries(c)) {
      if (k === 'kind' || k === 'credentialId' || k === 'documents') continue;
      field(labelOf(k), valueText(k, v));
    }
    if (c.documents?.length) field('Documents', c.documents.map((u) => u.split('/').pop()).join('; '));
    doc.moveDown(0.3);
  }

  h2('Verifications');
  if (!file.verifications.length) none('No verifications.');
  for (const v of file.verifications) {
    const credential = file.credentials.find((c) => c.credentialId === v.credentialId);
    h3(`${credential ? kindLabel(credential.kind) : 'File'}: ${v.source} (${v.result})`);
    field('Source', v.source);
    field('Method', v.method);
    field('Result', v.result);
    field('Date', v.verifiedOn);
    field('Verified by', who(v.verifiedBy));
    if (v.carriedOverFrom !== undefined) field('Carried over', `verified in cycle ${v.carriedOverFrom}, not redone`);
    if (v.note) field('Note', v.note);
    for (const d of v.discrepancies) field(`Discrepancy, ${d.field}`, `file ${d.file ?? '-'}, source ${d.source ?? '-'}`);
    if (v.evidence?.kind === 'document') field('Evidence', `${v.evidence.fileName} (appended)`);
    else if (v.evidence?.kind === 'snapshot') field('Evidence', `the ${v.evidence.source} record: ${JSON.stringify(v.evidence.snapshot).slice(0, 600)}`);
    else field('Evidence', '-');
    if (v.resolution) {
      field('Resolved', `${v.resolution.resolvedAt} by ${who(v.resolution.resolvedBy)}: ${v.resolution.note}`);
      if (v.resolution.evidence) field('Resolution evidence', `${v.resolution.evidence.fileName} (appended)`);
    }
    doc.moveDown(0.3);
  }

  h2('Attestation');
  const a = file.attestation;
  if (!a) none('Not signed in this cycle.');
  else {
    for (const [key, label] of ATTESTATION_QUESTIONS) field(label, valueText('', a[key]));
    field('Explanation', a.explanation ?? '-');
    field('Signature', a.signature);
    field('Signed on', a.signedOn);
    field('Signed by', who(a.signedBy));
  }

  h2('Flags');
  field('Open items', file.openItems.length ? String(file.openItems.length) : 'none');
  for (const o of file.openItems) line(`- ${o.message}`);
  field('Exclusion finding', file.monitoring?.exclusion ?? 'none');
  field('Monitoring', file.monitoring?.status ?? 'none');
  if (file.approvalInForce) field('Approval in force', `cycle ${file.approvalInForce.cycle}, decided ${file.approvalInForce.decidedOn}, due ${file.approvalInForce.recredentialingDueOn ?? '-'}`);

  h2('Decision');
  if (file.decision) {
    field('Decision', file.decision.decision);
    field('Decided on', file.decision.decidedOn);
    field('Decided by', who(file.decision.decidedBy));
    field('Reasons', file.notice?.reasons.length ? valueText('reasons', file.notice.reasons) : '-');
    field('Explanation', file.decision.note || '-');
    if (file.recredentialingDueOn) field('Recredentialing due on', file.recredentialingDueOn);
  } else none('Not decided in this cycle.');
  if (packet.decisions.length) {
    doc.moveDown(0.3);
    h3('Decision, committee and appeal records of this cycle');
    for (const e of packet.decisions) {
      doc.moveDown(0.2);
      field(labelOf(e.type), `${e.at ?? '-'}${e.by ? ` by ${who(e.by)}` : ''}`);
      for (const [k, v] of Object.entries(e.fields)) field(`  ${labelOf(k)}`, /By$/.test(k) && typeof v === 'string' ? who(v) : valueText(k, v));
    }
  }

  h2('Letters');
  const letters = file.notice?.letters ?? [];
  if (!letters.length) none('No decision letter.');
  for (const l of letters) line(`- ${l.appeal ? 'Appeal decision' : 'Decision'} letter: ${l.decision}, ${l.decidedOn} (cycle ${l.cycle})`);

  h2('Appeal and corrections');
  const appeal = file.notice?.appeal;
  if (appeal) {
    field('Appeal', `${appeal.status}, requested ${appeal.requestedOn} by ${who(appeal.requestedBy)}${appeal.decidedOn ? `, decided ${appeal.decidedOn}` : ''}`);
    field('Statement', appeal.statement);
  } else none('No appeal.');
  for (const c of file.notice?.corrections ?? []) {
    field('Correction request', `${c.subject}, ${c.requestedAt} by ${who(c.requestedBy)}: ${c.note}`);
    field('  Answer', c.answer ? `${c.answeredAt} by ${who(c.answeredBy)}: ${c.answer}` : 'open');
  }

  h2('Cycles');
  for (const c of file.cycles ?? []) {
    line(`- Cycle ${c.cycle}: ${c.status}, started ${c.startedOn}${c.decision ? `, ${c.decision.decision} ${c.decision.decidedOn} by ${who(c.decision.decidedBy)}` : ''}${c.recredentialingDueOn ? `, due ${c.recredentialingDueOn}` : ''}`);
  }

  h2('History');
  for (const h of file.history) line(`${h.at}  ${who(h.by)}: ${h.from ?? 'new'} -> ${h.to} (${h.why})`);
  if (file.activity?.length) doc.moveDown(0.3);
  for (const x of file.activity ?? []) line(`${x.at}  cycle ${x.cycle}  ${who(x.by)}: ${x.what}`);

  const documents = documentsOf(file);
  h2('Evidence and documents');
  if (!documents.length) none('No documents.');
  const images: { listed: Listed; data: Buffer }[] = [];
  for (const d of documents) {
    const stored = await readEvidence(d.fileUrl).catch(() => undefined);
    const kind = !stored ? 'not in the storage' : IMAGE_TYPES.has(stored.contentType) ? (stored.data.length <= EMBED_MAX_BYTES ? 'image, appended below' : 'image, too large to append') : stored.contentType === 'application/pdf' ? 'PDF, listed (its pages are kept in the file)' : stored.contentType;
    field(d.what, `${d.fileName} (${kind})`);
    if (stored && IMAGE_TYPES.has(stored.contentType) && stored.data.length <= EMBED_MAX_BYTES) images.push({ listed: d, data: stored.data });
  }
  for (const img of images) {
    doc.addPage();
    h3(`${img.listed.what}: ${img.listed.fileName}`);
    doc.moveDown(0.3);
    try {
      doc.image(img.data, { fit: [doc.page.width - 108, doc.page.height - 160], align: 'center' });
    } catch {
      none('The image could not be read.');
    }
  }
  doc.end();
  return done;
}
