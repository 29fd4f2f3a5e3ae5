import { describe, expect, test } from '@jest/globals';
import { startTransition, useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_CREDENTIALS } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';
import { fill } from '../../test/fill';
import { field, queryField } from '../../test/queries';

/** The sign-in page (`/signin`, where the header's Sign In leads): the landing with the sign-in form open. */
async function openLogin() {
  const app = renderApp({ route: '/signin' });
  const form = within(await screen.findByRole('form', { name: 'Sign in form' }));
  const submit = () => app.user.click(form.getByRole('button', { name: 'Sign in' }));
  return { ...app, form, submit };
}

function refuseLogin(status: 401 | 403, detail: string) {
  server.use(http.post('/api/login', ({ response }) => response(status).json(errorBody(status, 'TEST', detail))));
}

/**
 * Leaves a React transition update unflushed, as Mantine's AppShell does from a timer it never clears
 * (a transition on a component already unmounted, such as the shell of the previous test). Until React
 * renders again, submitting a form makes React build `new FormData(form, submitter)`.
 */
async function leaveTransitionPending() {
  let setGone: ((value: number) => void) | undefined;
  function Gone() {
    const [, setValue] = useState(0);
    setGone = setValue;
    return null;
  }
  render(<Gone />).unmount();
  await new Promise((resolve) => setTimeout(resolve, 0)); // React's own follow-up work on the unmount
  startTransition(() => setGone?.(1));
}

describe('login form', () => {
  test('the required message follows the chosen identifier mode', async () => {
    const { user, form, submit } = await openLogin();

    await submit();
    expect(form.getByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();

    await user.click(form.getByRole('radio', { name: 'Phone' }));
    expect(field(form, 'Phone number')).toBeInTheDocument();
    await submit();
    expect(form.getByText('Phone number is required')).toBeInTheDocument();

    await user.click(form.getByRole('radio', { name: 'Display name' }));
    expect(field(form, 'Display name')).toBeInTheDocument();
    expect(queryField(form, 'Phone number')).not.toBeInTheDocument();
    await submit();
    expect(form.getByText('Display name is required')).toBeInTheDocument();
  });

  test('it sends login_identifier and password, then shows the signed-in shell', async () => {
    let sent: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname === '/api/login') sent = await request.clone().json();
    });
    const { user, form, submit, store } = await openLogin();

    await user.click(form.getByRole('radio', { name: 'Display name' }));
    await fill(user, field(form, 'Display name'), DEMO_CREDENTIALS.user.display_name);
    await fill(user, field(form, 'Password'), DEMO_CREDENTIALS.user.password);
    await submit();

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(sent).toEqual({
      login_identifier: DEMO_CREDENTIALS.user.display_name,
      password: DEMO_CREDENTIALS.user.password,
    });
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBe(store.auth.token);
    server.events.removeAllListeners();
  });

  test('a click that lands while a React transition is pending signs in like any other', async () => {
    const reported: unknown[] = [];
    const onError = (event: ErrorEvent) => reported.push(event.error);
    window.addEventListener('error', onError);
    try {
      const { user, form } = await openLogin();
      await fill(user, field(form, 'Email'), DEMO_CREDENTIALS.user.email);
      await fill(user, field(form, 'Password'), DEMO_CREDENTIALS.user.password);
      const button = form.getByRole('button', { name: 'Sign in' });

      // As in the flaky runs: the stale transition comes between pressing and releasing the mouse button.
      // No delay, so that nothing else renders (and flushes the transition) before the release.
      const immediate = userEvent.setup({ delay: null });
      await immediate.pointer({ keys: '[MouseLeft>]', target: button });
      await leaveTransitionPending();
      await immediate.pointer({ keys: '[/MouseLeft]', target: button });

      expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
      expect(reported).toEqual([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  test.each([
    [
      403,
      'This account is awaiting parental consent. Ask your parent to approve it from the email we sent to them.',
      "Your account is awaiting parental consent. Please check your parent's email.",
    ],
    [403, 'Account access denied. Please contact support.', 'Your account access has been denied. Please contact support.'],
    [401, 'Invalid credentials', 'Login failed. Please check your credentials.'],
  ] as const)('a %i "%s" shows the detail and the toast "%s"', async (status, detail, toast) => {
    refuseLogin(status, detail);
    const { user, form, submit } = await openLogin();

    await fill(user, field(form, 'Email'), 'someone@example.com');
    await fill(user, field(form, 'Password'), 'password123');
    await submit();

    expect(await form.findByText(detail)).toBeInTheDocument();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEYS.user)).toBeNull();
  });

  test('a failure without a detail shows "Login failed"', async () => {
    server.use(http.post('/api/login', ({ response }) => response.untyped(new Response(null, { status: 502 }))));
    const { user, form, submit } = await openLogin();

    await fill(user, field(form, 'Email'), 'someone@example.com');
    await fill(user, field(form, 'Password'), 'password123');
    await submit();

    expect(await form.findByText('Login failed')).toBeInTheDocument();
    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeInTheDocument();
  });

  test('a pending account from the mock data gets the parental consent toast', async () => {
    const { user, form, submit } = await openLogin();

    await user.click(form.getByRole('radio', { name: 'Display name' }));
    await fill(user, field(form, 'Display name'), 'young_tim');
    await fill(user, field(form, 'Password'), 'password123');
    await submit();

    expect(
      await screen.findByText("Your account is awaiting parental consent. Please check your parent's email."),
    ).toBeInTheDocument();
  });
});
