/** The fake gateway and the grid queries of the FacilitiesScreen specs (FacilitiesScreen.spec.tsx, FacilitiesScreen.records.spec.tsx). */
import { waitFor } from '@testing-library/react';
import { fakeGateway, type FakeCall, restoreFetch } from '../../../testing/renderWithApp';
import { FIXTURE_NPI, registryResult } from '../logic/registryResult.fixture';
import type { Facility } from '../types/facility';

export const LIST = '/api/users/allFacilities';
export const COUNT = '/api/users/facility/count';
export const SEARCH = '/api/v1/npi/search';
export const LOOKUP = '/api/npi/searchNppes';
export const ADD = '/api/v1/users/addFacility';
export const DELETE = '/api/v1/users/deleteFacility';

export const PERSON: Facility = {
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

export const ORGANIZATION: Facility = { ...PERSON, _id: '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a02', entityTypeCode: '2', organizationName: 'Acme Health', contactPersonLastName: null };

export function queryOf(call: FakeCall): Record<string, string> {
  return Object.fromEntries(new URL(call.path, 'http://localhost').searchParams);
}

/** A gateway holding facilities, answering the list and count with the entity type filter applied. */
export function gateway(options: { results?: boolean; addStatus?: number } = {}) {
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

export function cells(field: string): string[] {
  return Array.from(document.querySelectorAll(`tbody tr.ant-table-row td[data-field="${field}"]`)).map((cell) => cell.textContent ?? '');
}

export function headers(): string[] {
  return Array.from(document.querySelectorAll('thead th[data-field]')).map((th) => th.getAttribute('data-field') ?? '');
}

export async function loaded(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}

export async function menuItem(label: string): Promise<HTMLElement> {
  return waitFor(() => {
    const item = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) li[role^="menuitem"]')).find(
      (li) => li.textContent?.trim() === label,
    );
    if (!item) throw new Error(`No menu item ${label}`);
    return item;
  });
}

/**
 * antd's console warnings silenced, a fake clock (the registry search's pause and the waits pass
 * as the specs' waitFor advances it, not in real time) and the fake gateway removed around each test.
 */
export function facilitiesQuietAndFetchRestored(): void {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    restoreFetch();
    jest.useRealTimers();
  });
}
