import { screen, within } from '@testing-library/react';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { CreateUserDrawer } from './CreateUserDrawer';

afterEach(restoreFetch);

describe('Create New Provider Profile', () => {
  it('prefills first, middle and last name from the NPI pick and lets the admin edit them', async () => {
    fakeGateway({
      'GET /api/v1/users/searchAllNpi': () => ({
        body: {
          success: true,
          users: [
            {
              number: '1000000028',
              enumeration_type: 'NPI-1',
              basic: { first_name: 'JOSEPHINE', middle_name: 'ANN', last_name: 'MULLIGAN', credential: 'NP', organization_name: '' },
              taxonomies: [{ code: '363L00000X', desc: 'Nurse Practitioner', primary: true, state: null, license: null }],
              addresses: [{ city: 'SAN DIEGO', state: 'CA' }],
              endpoints: [],
              deactivated: false,
              sample: true,
            },
          ],
        },
      }),
      'GET /api/users/searchUsersByNpi': () => ({ body: { users: [] } }),
      'GET /api/v1/users/getUsername': () => ({ body: { userName: 'jmulligan' } }),
    });
    const app = renderWithApp(<CreateUserDrawer open variant="addUser" onClose={() => undefined} onCreated={() => undefined} />);
    await app.user.click(await screen.findByRole('button', { name: /Search Users by NPI/ }));
    await app.user.type(screen.getByLabelText('NPI or name'), 'mull');
    const results = screen.getByRole('region', { name: 'Registry results' });
    await app.user.click(await within(results).findByRole('button', { name: /MULLIGAN, JOSEPHINE 1000000028/ }));
    const first = await screen.findByLabelText('First Name');
    expect(first).toHaveProperty('value', 'Josephine');
    expect(screen.getByLabelText('Middle Name')).toHaveProperty('value', 'Ann');
    expect(screen.getByLabelText('Last Name')).toHaveProperty('value', 'Mulligan');
    await app.user.clear(first);
    await app.user.type(first, 'Jo');
    expect(first).toHaveProperty('value', 'Jo');
  });

  it('asks before dropping what was entered when closed', async () => {
    const onClose = jest.fn();
    const app = renderWithApp(<CreateUserDrawer open variant="addUser" onClose={onClose} onCreated={() => undefined} />);
    await app.user.type(await screen.findByLabelText('First Name'), 'Jo');
    await app.user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findAllByText('Discard your changes?');
    await app.user.click(screen.getAllByRole('button', { name: 'Keep editing' })[0]!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('First Name')).toHaveProperty('value', 'Jo');
  });
});
