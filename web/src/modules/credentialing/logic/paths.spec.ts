import { OWN_FILE_PATH, adminFilePath, filePathFor, staffFilePath } from './paths';

const id = '11111111-1111-4111-8111-111111111111';

describe('where a provider’s file opens for the signed-in user', () => {
  it('the admin shell for the master admin, the own workspace for the provider, the staff route for anyone else', () => {
    expect(filePathFor({ _id: 'admin', isMasterAdmin: true }, id)).toBe(adminFilePath(id));
    expect(filePathFor({ _id: id, isMasterAdmin: false }, id)).toBe(OWN_FILE_PATH);
    expect(filePathFor({ _id: 'staff', isMasterAdmin: false }, id)).toBe(staffFilePath(id));
    expect(staffFilePath(id)).toBe(`/credentialing/${id}`);
  });
});
