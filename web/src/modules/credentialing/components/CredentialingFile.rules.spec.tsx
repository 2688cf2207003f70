import { configure, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway } from '../../../testing/renderWithApp';
import { FILE, render, reply } from '../testing/credentialingFileHarness';
import { fileFixture, PROVIDER_ID, STAFF_ID, useFakeDay } from '../testing/file.fixture';

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(240_000);

// The rules the server applies (libs/validation), shown inline before anything is sent. Today is 11/26/2026.
useFakeDay('2026-11-26');

describe('CredentialingFile: the shared rules inline', () => {
  it('a licence: an issue date in the future, an expiry 16 years after issue and a state that does not exist are refused in the form', async () => {
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(fileFixture()), [`POST ${FILE}/credentials`]: () => reply(fileFixture()) });
    const { user } = render(STAFF_ID);
    await screen.findByLabelText('Credentialing file');
    await user.click(screen.getByRole('button', { name: 'Add State License' }));
    const drawer = await screen.findByRole('dialog');
    const add = within(drawer).getByRole('button', { name: 'Add State License' });
    const field = (label: string) => within(drawer).getByLabelText(label);
    await user.type(field('State'), 'ZZ');
    expect(await within(drawer).findByText('State: a US state, DC or territory (two-letter code)')).toBeTruthy();
    await user.type(field('License Number'), 'A12345');
    await user.type(field('License Type'), 'MD');
    await user.type(field('Issue Date'), '01/15/2030');
    await user.type(field('Expiration Date'), '01/15/2032');
    expect(within(drawer).getByText('Issue Date: cannot be in the future')).toBeTruthy();
    await user.clear(field('Issue Date'));
    await user.type(field('Issue Date'), '01/15/2010');
    await user.clear(field('Expiration Date'));
    await user.type(field('Expiration Date'), '01/15/2026');
    expect(within(drawer).getByText('Expiration Date: at most 15 years after Issue Date')).toBeTruthy();
    await user.clear(field('Issue Date'));
    await user.type(field('Issue Date'), '06/01/1899');
    expect(within(drawer).getByText('Issue Date: use mm/dd/yyyy')).toBeTruthy();
    await user.upload(drawer.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }));
    expect(add).toHaveProperty('disabled', true);
    await user.clear(field('Issue Date'));
    await user.type(field('Issue Date'), '01/15/2011');
    await user.clear(field('State'));
    await user.type(field('State'), 'pr');
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    await user.click(add);
    await waitFor(() => expect(fake.callsTo(`${FILE}/credentials`)).toHaveLength(1));
    expect(fake.callsTo(`${FILE}/credentials`)[0].body).toMatchObject({ state: 'PR', issuedOn: '2011-01-15', expiresOn: '2026-01-15' });
  });

  it('a DEA registration: a number failing its check digit or its registrant letter is refused; schedules go in DEA order', async () => {
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(fileFixture()), [`POST ${FILE}/credentials`]: () => reply(fileFixture()) });
    const { user } = render(STAFF_ID);
    await screen.findByLabelText('Credentialing file');
    await user.click(screen.getByRole('button', { name: 'Add DEA Registration' }));
    const drawer = await screen.findByRole('dialog');
    const add = within(drawer).getByRole('button', { name: 'Add DEA Registration' });
    const field = (label: string) => within(drawer).getByLabelText(label);
    await user.type(field('DEA Number'), 'AB1234567');
    expect(await within(drawer).findByText('DEA Number: this DEA number fails its check digit: check it for a typing mistake')).toBeTruthy();
    await user.clear(field('DEA Number'));
    await user.type(field('DEA Number'), 'ZB1234563');
    expect(await within(drawer).findByText(/^DEA Number: a DEA number starts with a registrant type/)).toBeTruthy();
    await user.clear(field('DEA Number'));
    await user.type(field('DEA Number'), 'ab1234563');
    await waitFor(() => expect(within(drawer).queryByText(/^DEA Number:/)).toBeNull());
    await user.type(field('State'), 'NY');
    await user.type(field('Issue Date'), '01/01/2025');
    await user.type(field('Expiration Date'), '01/01/2028');
    const schedules = within(drawer).getByRole('combobox', { name: 'Schedules' });
    await user.click(schedules);
    const option = async (title: string) => (await screen.findAllByTitle(title)).find((el) => el.classList.contains('ant-select-item-option'))!;
    for (const s of ['4', '2N', '2']) await user.click(await option(s));
    // The chosen schedules show in DEA's order whatever the order they were picked in.
    await waitFor(() => expect([...drawer.querySelectorAll('.ant-select-selection-item')].map((tag) => tag.getAttribute('title'))).toEqual(['2', '2N', '4']));
    await user.upload(drawer.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.4'], 'dea.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    await user.click(add);
    await waitFor(() => expect(fake.callsTo(`${FILE}/credentials`)).toHaveLength(1));
    expect(fake.callsTo(`${FILE}/credentials`)[0].body).toMatchObject({ number: 'AB1234563', schedules: '2,2N,4' });
  });

  it('the attestation: a one-letter signature is refused inline', async () => {
    const provider = fileFixture({ can: { edit: true, verify: false, attest: true, submit: false, decide: false, start: false } });
    fakeGateway({ [`GET ${FILE}`]: () => reply(provider) });
    const { user } = render(PROVIDER_ID);
    const form = await screen.findByRole('form', { name: 'Attestation' });
    const sign = within(form).getByRole('button', { name: 'Sign Attestation' });
    for (const n of [1, 2, 3, 4]) await user.click(within(within(form).getByRole('radiogroup', { name: `Question ${n}` })).getByText('No'));
    await user.click(within(within(form).getByRole('radiogroup', { name: 'Question 5' })).getByText('Yes'));
    await user.type(within(form).getByLabelText('Signature'), 'J');
    expect(await within(form).findByText('Signature: type your full name (at least two letters)')).toBeTruthy();
    expect(sign).toHaveProperty('disabled', true);
    await user.type(within(form).getByLabelText('Signature'), 'o Lee');
    await waitFor(() => expect(sign).toHaveProperty('disabled', false));
  });
});
