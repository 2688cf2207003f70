import { configure, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, type FakeCall, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { FIXTURE_NPI, registryResult } from '../logic/registryResult.fixture';
import type { Facility } from '../types/facility';
import { FacilitiesScreen } from './FacilitiesScreen';

const LIST = '/api/users/allFacilities';
const COUNT = '/api/users/facility/count';
const SEARCH = '/api/v1/npi/search';
const LOOKUP = '/api/npi/searchNppes';
const ADD = '/api/v1/users/addFacility';
const DELETE = '/api/v1/users/deleteFacility';

const PERSON: Facility = {
  _id: '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a01',
  npi: FIXTURE_NPI,
  entityTypeCode: '1',
  contactPersonFirstName: 'Anna',
  contactPersonMiddleName: 'B',
  contactPersonLastName: 'Smith',
  organizationName: null,
  mailingAddress: { street: '200 Mail Street', suite: null, city: 'Cambridge', state: 'MA', zip: '021391234' },
  mobile: '+16175550123',
  phone: '+16175550100',
  fax: null,
  email: 'anna@clinic.example',
  adminEmail: 'admin@credentialing.local',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const ORGANIZATION: Facility = { ...PERSON, _id: '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a02', entityTypeCode: '2', organizationName: 'Acme Health', contactPersonLastName: null };

function queryOf(call: FakeCall): Record<string, string> {
  return Object.fromEntries(new URL(call.path, 'http://localhost').searchParams);
}

/** A gateway holding facilities, answering the list and count with the entity type filter applied. */
function gateway(options: { results?: boolean; addStatus?: number } = {}) {
  const facilities: Facility[] = [PERSON, ORGANIZATION];
  const matching = (call: FakeCall) => {
    const filters = JSON.parse(queryOf(call).filters ?? '{}') as Record<string, { value: string }>;
    return facilities.filter((f) => !filters.entityTypeCode || f.entityTypeCode === filters.entityTypeCode.value);
  };
  const fake = fakeGateway({
    [`GET ${LIST}`]: (call) => ({ body: { success: true, facilities: matching(call), count: matching(call).length } }),
    [`GET ${COUNT}`]: (call) => ({ body: { success: true, count: matching(call).length } }),
    [`GET ${SEARCH}`]: () => ({
      body: {
        success: true,
        sampleData: true,
        providers: options.results === false
          ? []
          : [
              {
                npi: FIXTURE_NPI,
                providerLastName: "O'NEIL-SMITH",
                providerFirstName: 'JOSÉ',
                providerMiddleName: 'MARIA',
                providerOrganizationName: '',
                credential: 'MD',
                entityType: 1,
                city: 'BOSTON',
                state: 'MA',
                specialty: 'Family Medicine',
                sample: true,
              },
            ],
      },
    }),
    [`GET ${LOOKUP}`]: () => ({ body: { success: true, providerData: registryResult(), sampleData: true } }),
    [`PUT ${ADD}`]: (call) => {
      if (options.addStatus) return { status: options.addStatus, body: { success: false, message: 'A facility with this NPI is already in your list', field: 'npi' } };
      const body = call.body as Record<string, string>;
      const added: Facility = {
        ...PERSON,
        _id: '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a03',
        contactPersonLastName: body.contactPersonLastName,
        contactPersonFirstName: body.contactPersonFirstName,
      };
      facilities.push(added);
      return { body: { success: true, facility: added } };
    },
    [`DELETE ${DELETE}`]: (call) => {
      const id = (call.body as { facilityId: string }).facilityId;
      facilities.splice(facilities.findIndex((f) => f._id === id), 1);
      return { body: { success: true } };
    },
  });
  return fake;
}

function cells(field: string): string[] {
  return Array.from(document.querySelectorAll(`tbody tr.ant-table-row td[data-field="${field}"]`)).map((cell) => cell.textContent ?? '');
}

function headers(): string[] {
  return Array.from(document.querySelectorAll('thead th[data-field]')).map((th) => th.getAttribute('data-field') ?? '');
}

async function loaded(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}

async function menuItem(label: string): Promise<HTMLElement> {
  return waitFor(() => {
    const item = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) li[role^="menuitem"]')).find(
      (li) => li.textContent?.trim() === label,
    );
    if (!item) throw new Error(`No menu item ${label}`);
    return item;
  });
}

// antd screens render slowly in jsdom on a busy machine: generous waits (no timing is asserted).
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(180_000);

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  restoreFetch();
});

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
