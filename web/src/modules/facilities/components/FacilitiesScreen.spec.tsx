import { configure, screen, waitFor, within } from '@testing-library/react';
import { type FakeCall, renderWithApp } from '../../../testing/renderWithApp';
import { FIXTURE_NPI } from '../logic/registryResult.fixture';
import { ADD, cells, COUNT, facilitiesQuietAndFetchRestored, gateway, headers, LIST, loaded, LOOKUP, queryOf, SEARCH } from '../testing/facilitiesHarness';
import { FacilitiesScreen } from './FacilitiesScreen';

// antd screens render slowly in jsdom on a busy machine: generous waits (no timing is asserted).
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(180_000);

facilitiesQuietAndFetchRestored();

describe('FacilitiesScreen', () => {
  it('lists the individual facilities: NPI, names, the address as a maps link, phones as tel links', async () => {
    const fake = gateway();
    renderWithApp(<FacilitiesScreen />);
    await waitFor(() => expect(cells('npi')).toEqual([FIXTURE_NPI]));
    await loaded();
    expect(queryOf(fake.callsTo(LIST)[0])).toMatchObject({ skip: '0', limit: '10', sorting: '{}' });
    expect(JSON.parse(queryOf(fake.callsTo(COUNT)[0]).filters)).toEqual({ entityTypeCode: { filterType: 'exactMatch', value: '1' } });
    expect(headers()).toEqual(['npi', 'contactPersonLastName', 'contactPersonMiddleName', 'contactPersonFirstName', 'primaryPracticeAddress', 'mobile', 'phone']);
    expect(cells('contactPersonLastName')).toEqual(['Smith']);
    const address = screen.getByRole('link', { name: '200 Mail Street, Cambridge, MA 02139-1234' });
    expect(address.getAttribute('href')).toContain('google.com/maps/search');
    expect(screen.getByRole('link', { name: '617-555-0123' }).getAttribute('href')).toBe('tel:+16175550123');
    expect(screen.getByPlaceholderText('Enter city, state code, or ZIP')).toBeTruthy();
  });

  it('switches npiType to organizations: the Organization Name column and entityTypeCode 2', async () => {
    const fake = gateway();
    const { user } = renderWithApp(<FacilitiesScreen />);
    await waitFor(() => expect(cells('npi')).toHaveLength(1));
    await loaded();
    await user.click(screen.getByText('Organization (2)'));
    await waitFor(() => expect(cells('organizationName')).toEqual(['Acme Health']));
    const last = fake.callsTo(LIST).at(-1) as FakeCall;
    expect(JSON.parse(queryOf(last).filters)).toEqual({ entityTypeCode: { filterType: 'exactMatch', value: '2' } });
    expect(headers()).toEqual(['npi', 'organizationName', 'primaryPracticeAddress', 'mobile', 'phone']);
  });

  it("searches the registry, pre-fills 'Create New Facility Profile' from the pick, adds it and reloads the grid", async () => {
    const fake = gateway();
    const { user } = renderWithApp(<FacilitiesScreen />);
    await waitFor(() => expect(cells('npi')).toHaveLength(1));
    await loaded();
    const box = screen.getByRole('combobox', { name: 'Add Facility' });
    await user.click(box);
    expect(await screen.findByText('Search Using Name(Last, First)')).toBeTruthy();
    await user.type(box, "o'neil, jo");
    const option = await screen.findByRole('option', { name: `O'NEIL-SMITH, JOSÉ (${FIXTURE_NPI})` });
    expect(fake.callsTo(SEARCH)).toHaveLength(1);
    expect(queryOf(fake.callsTo(SEARCH)[0])).toEqual({ searchTerm: "o'neil, jo", npiType: '1' });
    expect(within(screen.getByTestId('add-facility-popup')).getByText('Sample registry data')).toBeTruthy();

    await user.click(option);
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByText('Create New Facility Profile')).toBeTruthy());
    expect(queryOf(fake.callsTo(LOOKUP)[0])).toEqual({ npi: FIXTURE_NPI });
    expect(within(drawer).getByLabelText<HTMLInputElement>('NPI #').value).toBe(FIXTURE_NPI);
    expect(within(drawer).getByLabelText<HTMLInputElement>('Last Name').value).toBe("O'Neil-Smith");
    expect(within(drawer).getByLabelText<HTMLInputElement>('Street').value).toBe('200 Mail Street');
    expect(within(drawer).getByLabelText<HTMLInputElement>('Zip').value).toBe('021391234');
    expect(within(drawer).getByLabelText<HTMLInputElement>('Phone #').value).toBe('617-555-0111');
    expect(within(drawer).getByText('Sample registry data')).toBeTruthy();

    const lists = fake.callsTo(LIST).length;
    await user.click(within(drawer).getByRole('button', { name: 'Add Facility' }));
    await waitFor(() => expect(fake.callsTo(ADD)).toHaveLength(1));
    expect(fake.callsTo(ADD)[0].body).toMatchObject({
      npi: FIXTURE_NPI,
      contactPersonLastName: "O'Neil-Smith",
      contactPersonFirstName: 'José',
      mailingAddressStreet: '200 Mail Street',
      mailingAddressState: 'MA',
      phone: '617-555-0111',
    });
    await waitFor(() => expect(fake.callsTo(LIST).length).toBeGreaterThan(lists));
    await waitFor(() => expect(cells('contactPersonLastName')).toEqual(['Smith', "O'Neil-Smith"]));
    // The closed drawer hands the focus back to the box: the empty registry popup stays shut.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.queryByTestId('add-facility-popup')).toBeNull();
    // A click on the box opens it again.
    await user.click(box);
    expect(await screen.findByTestId('add-facility-popup')).toBeTruthy();
  });
});
