import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { liveDb, type MockLiveStream } from '../../mocks/liveDb';
import { paymentsDb } from '../../mocks/paymentsDb';
import { RootStore } from '../../stores/RootStore';
import { fakeSockets } from '../../test/fakeSocket';
import { fill } from '../../test/fill';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { browserNavigation } from '../payments/redirect';
import { PENDING_PAYMENT_KEY } from '../payments/messages';

const useFakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

afterEach(() => {
  jest.useRealTimers();
  window.history.replaceState(null, '', '/');
});

const harbour = (): MockLiveStream => liveDb.streams.find((s) => s.title === 'Harbour live: the boats come in')!;

async function openDialog() {
  storeDemoUserToken();
  const id = harbour().id;
  // The page's own address: origin_url is the current page.
  window.history.replaceState(null, '', `/live/${id}`);
  const app = renderApp({ route: `/live/${id}`, store: new RootStore({ socketFactory: fakeSockets().factory }) });
  await screen.findByRole('heading', { name: 'Harbour live: the boats come in', level: 1 });
  await app.user.click(screen.getByRole('button', { name: 'Super Chat' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Super Chat to mira' }));
  return { ...app, dialog };
}

describe('the Super Chat dialog', () => {
  test('four packages with their prices; the message is required and at most 200 characters, with a counter', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user, dialog } = await openDialog();
    expect(dialog.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Small $1.99',
      'Medium $4.99',
      'Large $9.99',
      'Mega $24.99',
    ]);
    // Each package is a label around its radio, not a button holding one.
    for (const radio of dialog.getAllByRole('radio')) expect(radio.closest('button')).toBeNull();
    await user.click(dialog.getByText('Large'));
    expect(dialog.getByRole('radio', { name: 'Large $9.99' })).toBeChecked();
    expect(dialog.getByRole('button', { name: 'Send $9.99' })).toBeInTheDocument();
    await user.click(dialog.getByText('Small'));
    await user.click(dialog.getByRole('button', { name: 'Send $1.99' }));
    expect(dialog.getByText('Please enter a message')).toBeInTheDocument();

    const message = dialog.getByRole('textbox', { name: 'Message' });
    await fill(user, message, 'x'.repeat(201));
    expect(dialog.getByText('201/200')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send $1.99' }));
    expect(dialog.getByText('Super Chat messages can be at most 200 characters')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(paymentsDb.sessions).toHaveLength(0);
  });

  test('Send leaves for the checkout with the package, the message and this page to come back to', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('radio', { name: 'Mega $24.99' }));
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Mega thanks!');
    await user.click(dialog.getByRole('button', { name: 'Send $24.99' }));

    await act(async () => {
      await Promise.resolve();
    });
    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(assign.mock.calls[0][0]);
    expect(url.pathname).toBe(`/live/${harbour().id}`);
    expect(url.searchParams.get('type')).toBe('super_chat');
    const session = paymentsDb.sessions[0];
    expect(session).toMatchObject({ purpose: 'super_chat', package: 'mega', amountCents: 2499 });
    expect(liveDb.superChats.find((c) => c.sessionId === session.id)).toMatchObject({ message: 'Mega thanks!', color: 'gold', paid: false });
    expect(JSON.parse(window.localStorage.getItem(PENDING_PAYMENT_KEY) ?? '{}')).toEqual({ session_id: session.id, type: 'super_chat' });
  });

  test("a refusal says 'Failed to send Super Chat: ' and the server's reason", async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user, dialog } = await openDialog();
    harbour().super_chat_enabled = false; // switched off while the dialog was open
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(dialog.getByRole('button', { name: 'Send $1.99' }));
    expect(await screen.findByText('Failed to send Super Chat: Super Chat is not enabled for this stream')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  test('back from the checkout (type=super_chat): the overlay checks the payment, then "Super Chat sent!"', async () => {
    useFakeTimers();
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Hi!');
    await user.click(dialog.getByRole('button', { name: 'Send $1.99' }));
    await act(async () => {
      await Promise.resolve();
    });
    const back = new URL(assign.mock.calls[0][0]);
    // The browser comes back to the stream's page with the session.
    document.body.innerHTML = '';
    window.history.replaceState(null, '', `${back.pathname}${back.search}`);
    renderApp({ route: `${back.pathname}${back.search}`, store: new RootStore({ socketFactory: fakeSockets().factory }) });
    expect(await screen.findByRole('dialog', { name: 'Processing payment' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Super Chat sent!')).toBeInTheDocument();
    expect(liveDb.superChats.find((c) => c.message === 'Hi!')?.paid).toBe(true);
    expect(window.location.search).toBe('');
  });
});
