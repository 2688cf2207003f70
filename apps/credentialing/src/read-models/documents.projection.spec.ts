import { documentsOf } from './documents.projection';

const providerId = '11111111-1111-4111-8111-111111111111';
const a = `${'a'.repeat(32)}.pdf`;
const b = `${'b'.repeat(32)}.jpg`;

describe("the documents a provider's file holds (from its own events)", () => {
  it('finds every stored file any event of the file names, once: documents, evidence, whatever carries them', () => {
    const credential = { streamId: `credentialing-${providerId}`, data: { providerId, credential: { kind: 'dea', documents: [`/api/files/${a}`, `/api/files/${b}`] } } };
    expect(documentsOf(credential)).toEqual({ providerId, names: [a, b] });
    const evidence = { streamId: `credentialing-${providerId}`, data: { providerId, evidence: { kind: 'document', fileUrl: `/api/files/${a}` }, note: `see /api/files/${a}` } };
    expect(documentsOf(evidence)).toEqual({ providerId, names: [a] });
  });

  it('ignores events without files, the alert streams and events without a provider', () => {
    expect(documentsOf({ streamId: `credentialing-${providerId}`, data: { providerId, to: 'Approved' } })).toBeNull();
    expect(documentsOf({ streamId: `credentialing-alerts-${providerId}`, data: { providerId, note: `/api/files/${a}` } })).toBeNull();
    expect(documentsOf({ streamId: `credentialing-${providerId}`, data: { note: `/api/files/${a}` } })).toBeNull();
    expect(documentsOf({ streamId: `credentialing-${providerId}`, data: { providerId: 'not-an-id', note: `/api/files/${a}` } })).toBeNull();
  });
});
