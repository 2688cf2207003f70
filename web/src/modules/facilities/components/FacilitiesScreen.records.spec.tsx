import { configure, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { FIXTURE_NPI } from '../logic/registryResult.fixture';
import { cells, DELETE, facilitiesQuietAndFetchRestored, gateway, loaded, menuItem, PERSON } from '../testing/facilitiesHarness';
import { FacilitiesScreen } from './FacilitiesScreen';

// FacilitiesScreen.spec.tsx's second half (the form's checks, no results, the row menu), in a file
// of its own so that each file stays short.

// antd screens render slowly in jsdom on a busy machine: generous waits (no timing is asserted).
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(180_000);

facilitiesQuietAndFetchRestored();

describe('FacilitiesScreen', () => {
  it('keeps Add Facility disabled until the form is valid and shows a refusal of the server on its field', async () => {
    gateway({ addStatus: 409 });
    const { user } = renderWithApp(<FacilitiesScreen />);
    await loaded();
    const box = screen.getByRole('combobox', { name: 'Add Facility' });
    await user.click(box);
    await user.type(box, 'smith');
    await user.click(await screen.findByRole('option'));
    const drawer = await screen.findByRole('dialog');
    const add = await within(drawer).findByRole('button', { name: 'Add Facility' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    const zip = within(drawer).getByLabelText<HTMLInputElement>('Zip');
    await user.clear(zip);
    await user.type(zip, '12');
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByText('Invalid Zip')).toBeTruthy();
    await user.type(zip, '345');
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await user.click(add);
    expect(await within(drawer).findByText('A facility with this NPI is already in your list')).toBeTruthy();
  });

  it("offers 'No Results...' and 'Click HERE to create profile', which opens the drawer with the typed names", async () => {
    gateway({ results: false });
    const { user } = renderWithApp(<FacilitiesScreen />);
    await loaded();
    const box = screen.getByRole('combobox', { name: 'Add Facility' });
    await user.click(box);
    await user.type(box, 'Nobody, Nora');
    expect(await screen.findByText('No Results...')).toBeTruthy();
    await user.click(screen.getByText('Click HERE to create profile'));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByLabelText<HTMLInputElement>('Last Name').value).toBe('Nobody'));
    expect(within(drawer).getByLabelText<HTMLInputElement>('First Name').value).toBe('Nora');
    expect(within(drawer).getByLabelText<HTMLInputElement>('NPI #').value).toBe('');
    expect(within(drawer).getByRole('button', { name: 'Add Facility' }).hasAttribute('disabled')).toBe(true);
  });

  it('Show Details opens the facility with its registry record', async () => {
    gateway();
    const { user } = renderWithApp(<FacilitiesScreen />);
    await waitFor(() => expect(cells('npi')).toHaveLength(1));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Row menu' }));
    await user.click(await menuItem('Show Details'));
    const details = await screen.findByRole('dialog');
    await waitFor(() => expect(within(details).getByText('Facility Details')).toBeTruthy());
    expect(await within(details).findByText('Family Medicine (207Q00000X)')).toBeTruthy();
    expect(within(details).getByText('Sample registry data')).toBeTruthy();
    expect(within(details).getByText('anna@clinic.example')).toBeTruthy();
  }, 400_000);

  it('Delete Record deletes the facility after confirmation and reloads the grid', async () => {
    const fake = gateway();
    const { user } = renderWithApp(<FacilitiesScreen />);
    await waitFor(() => expect(cells('npi')).toHaveLength(1));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Row menu' }));
    await user.click(await menuItem('Delete Record'));
    expect(await screen.findByText(`Delete the facility with NPI ${FIXTURE_NPI}?`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.callsTo(DELETE)).toHaveLength(1));
    expect(fake.callsTo(DELETE)[0].body).toEqual({ facilityId: PERSON._id });
    await waitFor(() => expect(cells('npi')).toEqual([]));
  }, 400_000);
});
