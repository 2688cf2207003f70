import { configure, screen, waitFor, within } from '@testing-library/react';
import type { credentialing } from '@app/contracts';
import { fakeGateway } from '../../../testing/renderWithApp';
import { alertsAtom } from '../../alerts/state/alertsAtom';
import { FILE, render, reply } from '../testing/credentialingFileHarness';
import { fileFixture, PROVIDER_ID, STAFF_ID, TODAY, useFakeDay } from '../testing/file.fixture';

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

useFakeDay(TODAY);

const can = { edit: false, verify: false, attest: false, submit: false, decide: false, start: false };
const noticeCan = { appeal: false, addAppealDocument: false, decideAppeal: false, requestCorrection: false, answerCorrection: false };
const notice = (over: Partial<credentialing.NoticeView> = {}): credentialing.NoticeView => ({ letters: [], reasons: [], appeal: null, appealDeadline: null, corrections: [], can: noticeCan, ...over });
const denialLetter: credentialing.LetterView = { letterId: 'l1', cycle: 1, decision: 'Denied', decidedOn: TODAY, appeal: false, url: `${FILE}/letters/l1` };
const denied = (over: Partial<credentialing.NoticeView> = {}) =>
  fileFixture({
    status: 'Denied',
    openItems: [],
    decision: { decision: 'Denied', note: 'Probation by the board', decidedOn: TODAY, decidedBy: 'admin' },
    can,
    notice: notice({ letters: [denialLetter], reasons: ['licence-action'], appealDeadline: '2026-12-26', ...over }),
  });

describe('the notice in the file', () => {
  it('the master admin denies with reason codes: Record Decision waits for a reason; the codes are sent', async () => {
    const review = fileFixture({ status: 'Committee Review', openItems: [], can: { ...can, decide: true }, notice: notice() });
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(review), [`POST ${FILE}/decision`]: () => reply(denied()) });
    const { user, store } = render('admin', { masterAdmin: true });
    await user.click(await screen.findByRole('button', { name: /Committee Decision$/ }));
    const dialog = await screen.findByRole('dialog', { name: /Committee Decision$/ });
    const record = within(dialog).getByRole('button', { name: 'Record Decision' });
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Decision' })).getByText('Denied'));
    await user.type(within(dialog).getByLabelText('Note'), 'Probation by the board');
    expect(record).toHaveProperty('disabled', true);
    await user.click(within(dialog).getAllByLabelText('Reasons').at(-1)!);
    await user.click((await screen.findAllByText('Action against a licence')).at(-1)!);
    await waitFor(() => expect(record).toHaveProperty('disabled', false));
    await user.click(record);
    await waitFor(() => expect(store.get(alertsAtom).map((a) => a.bodyText)).toContain('The decision (Denied) was recorded; the provider was sent the decision letter.'));
    expect(fake.callsTo(`${FILE}/decision`)[0].body).toEqual({ decision: 'Denied', note: 'Probation by the board', reasons: ['licence-action'] });
    expect(within(screen.getByRole('list', { name: 'Denial reasons' })).getByText('Action against a licence')).toBeTruthy();
  });

  it('the provider sees the reasons, the letter and the deadline, and appeals with a statement', async () => {
    const own = denied({ can: { ...noticeCan, appeal: true, requestCorrection: true } });
    const appealed = fileFixture({
      ...own,
      status: 'Appeal',
      notice: notice({
        letters: [denialLetter],
        reasons: ['licence-action'],
        appeal: { appealId: 'a1', status: 'Requested', statement: 'The probation ended', documents: [], requestedOn: TODAY, requestedBy: PROVIDER_ID, decidedOn: null },
        can: { ...noticeCan, addAppealDocument: true, requestCorrection: true },
      }),
    });
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(own), [`POST ${FILE}/appeal`]: () => reply(appealed) });
    const { user, store } = render(PROVIDER_ID);
    expect(await screen.findByText('You may appeal this denial until 12/26/2026, with a statement and supporting documents.')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Download the letter of 11/26/2026` })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Request Appeal$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an Appeal' });
    const send = within(dialog).getByRole('button', { name: 'Send Appeal' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Statement'), 'The probation ended');
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    await user.click(send);
    await waitFor(() => expect(store.get(alertsAtom).map((a) => a.bodyText)).toContain('Your appeal was sent to the committee.'));
    expect(fake.callsTo(`${FILE}/appeal`)).toHaveLength(1);
    expect(screen.getByTestId('file-status').textContent).toBe('Appeal');
    expect(screen.queryByRole('button', { name: /Request Appeal$/ })).toBeNull();
  });

  it('staff see an open correction request and answer it', async () => {
    const correction: credentialing.CorrectionView = {
      correctionId: 'c1',
      subject: 'application',
      note: 'I do hold a DEA registration',
      requestedAt: `${TODAY}T10:00:00.000Z`,
      requestedBy: PROVIDER_ID,
      answer: null,
      answeredAt: null,
      answeredBy: null,
    };
    const open = fileFixture({ can: { ...can, verify: true, submit: true }, notice: notice({ corrections: [correction], can: { ...noticeCan, answerCorrection: true } }) });
    const answered = fileFixture({ ...open, notice: notice({ corrections: [{ ...correction, answer: 'Added', answeredAt: `${TODAY}T11:00:00.000Z`, answeredBy: STAFF_ID }], can: { ...noticeCan, answerCorrection: true } }) });
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(open), [`POST ${FILE}/corrections/c1/answer`]: () => reply(answered) });
    const { user, store } = render(STAFF_ID);
    const card = await screen.findByLabelText('Correction requests');
    expect(within(card).getByText('Application questions')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer the Correction Request' });
    await user.type(within(dialog).getByLabelText('Answer'), 'Added');
    await user.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    await waitFor(() => expect(store.get(alertsAtom).map((a) => a.bodyText)).toContain('The correction request was answered.'));
    expect(fake.callsTo(`${FILE}/corrections/c1/answer`)[0].body).toEqual({ answer: 'Added' });
    expect(within(screen.getByLabelText('Correction requests')).getByText('Answer (11/26/2026): Added')).toBeTruthy();
  });
});
