import { describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp } from '../../test/renderApp';
import { RETURN_TO_LOGIN_MS } from './AuthStore';
import { yearsAgo } from '../../test/dates';
import { fill } from '../../test/fill';
import { field, queryField } from '../../test/queries';

/** The sign-in page (`/signin`), switched to registration by the landing's Create account. */
async function openRegistration() {
  const app = renderApp({ route: '/signin' });
  await app.user.click(await screen.findByRole('button', { name: 'Create account' }));
  const form = screen.getByRole('form', { name: 'Create account form' });
  return { ...app, form: within(form) };
}

type Form = Awaited<ReturnType<typeof openRegistration>>['form'];

async function fillValid(user: UserEvent, form: Form, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Alan',
    'Last name': 'Turing',
    'Display name': 'alan_t',
    Email: 'alan@example.com',
    Password: 'password123',
    'Confirm password': 'password123',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await fill(user, field(form, label), value);
}

/** Fakes only the clock (Date), set to `iso`: MSW, user-event and Mantine keep their real timers. */
function setClock(iso: string) {
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

const submit = (user: UserEvent, form: Form) => user.click(form.getByRole('button', { name: 'Create account' }));

describe('registration form', () => {
  test('an empty form shows every required message and sends nothing', async () => {
    let calls = 0;
    server.events.on('request:start', () => {
      calls += 1;
    });
    const { user, form } = await openRegistration();
    calls = 0;

    await submit(user, form);

    for (const message of [
      'First name is required',
      'Last name is required',
      'Display name is required',
      'Email is required',
      'Password is required',
    ]) {
      expect(form.getByText(message)).toBeInTheDocument();
    }
    expect(calls).toBe(0);
    server.events.removeAllListeners();
  });

  test('malformed values show their messages', async () => {
    const { user, form } = await openRegistration();
    await fillValid(user, form, {
      'Display name': 'a!',
      Email: 'not-an-email',
      Password: 'short',
      'Confirm password': 'different',
    });

    await submit(user, form);

    expect(
      form.getByText('Display name must be 3-20 characters, letters, numbers, and underscores only'),
    ).toBeInTheDocument();
    expect(form.getByText('Invalid email format')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(form.getByText('Passwords do not match')).toBeInTheDocument();
  });

  test('choosing phone shows the phone field with its own messages', async () => {
    const { user, form } = await openRegistration();
    await user.click(form.getByRole('radio', { name: 'Phone' }));

    expect(queryField(form, 'Email')).not.toBeInTheDocument();
    await submit(user, form);
    expect(form.getByText('Phone number is required')).toBeInTheDocument();

    await user.type(field(form, 'Phone number'), '12345');
    await submit(user, form);
    expect(form.getByText('Invalid phone number format')).toBeInTheDocument();
  });

  test('a date of birth under 13 asks for a parent email, which is then required and sent', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/register', async ({ request, response }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return response(400).json(errorBody(400, 'TEST', 'stop here'));
      }),
    );
    const { user, form } = await openRegistration();
    expect(queryField(form, "Parent's email")).not.toBeInTheDocument();

    await fillValid(user, form);
    fireEvent.change(field(form, 'Date of birth'), { target: { value: yearsAgo(10) } });
    const parentEmail = field(form, "Parent's email");

    await submit(user, form);
    expect(form.getByText('Parent email is required for users under 13')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await fill(user, parentEmail, 'parent@example.com');
    await submit(user, form);
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ date_of_birth: yearsAgo(10), parent_email: 'parent@example.com' });
  });

  test('a date of birth of 13 or more needs no parent email', async () => {
    const { form } = await openRegistration();
    fireEvent.change(field(form, 'Date of birth'), { target: { value: yearsAgo(13) } });
    expect(queryField(form, "Parent's email")).not.toBeInTheDocument();
  });

  test("the parent's email is asked for on the server's (UTC) date, not the local one", async () => {
    // 20:00 UTC on 15 June 2025: already the morning of 16 June in the tests' time zone (jest.config.js).
    setClock('2025-06-15T20:00:00Z');
    try {
      const { form } = await openRegistration();
      const dateOfBirth = field(form, 'Date of birth');
      expect(dateOfBirth).toHaveAttribute('max', '2025-06-15');

      fireEvent.change(dateOfBirth, { target: { value: '2012-06-16' } }); // 13 locally, still 12 for the server
      expect(field(form, "Parent's email")).toBeInTheDocument();

      fireEvent.change(dateOfBirth, { target: { value: '2012-06-15' } });
      expect(queryField(form, "Parent's email")).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  test('a refused registration shows the server detail and a "Registration failed" toast', async () => {
    server.use(
      http.post('/api/register', ({ response }) =>
        response(409).json(errorBody(409, 'IDENTITY.DISPLAY_NAME_TAKEN', 'Display name is already taken')),
      ),
    );
    const { user, form } = await openRegistration();
    await fillValid(user, form);

    await submit(user, form);

    expect(await form.findByText('Display name is already taken')).toBeInTheDocument();
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });

  test('a failure without a detail shows "Registration failed" in the form', async () => {
    server.use(http.post('/api/register', ({ response }) => response.untyped(new Response('oops', { status: 500 }))));
    const { user, form } = await openRegistration();
    await fillValid(user, form);

    await submit(user, form);

    expect(await form.findByText('Registration failed')).toBeInTheDocument();
  });

  test('success shows the server message, sends no confirm_password, and returns to login after 2 s', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/register', async ({ request, response }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return response(201).json({
          user: {
            id: 'u9',
            display_name: 'alan_t',
            first_name: 'Alan',
            last_name: 'Turing',
            email: 'alan@example.com',
            phone_number: null,
            is_admin: false,
            creator_program: false,
            is_premium: false,
            premium_expires: null,
            active_account_id: 'a9',
            created_at: '2025-03-01T00:00:00.000Z',
          },
          account_status: 'active',
          message: 'Registration successful! Please sign in.',
        });
      }),
    );
    const { user, form } = await openRegistration();
    await fillValid(user, form);

    // The 2 s pass on a fake clock.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await submit(user, form);

      expect(await form.findByText('Registration successful! Please sign in.')).toBeInTheDocument();
      expect(sent).toEqual({
        first_name: 'Alan',
        last_name: 'Turing',
        display_name: 'alan_t',
        password: 'password123',
        contact_method: 'email',
        email: 'alan@example.com',
      });
      expect(screen.queryByRole('form', { name: 'Sign in form' })).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(RETURN_TO_LOGIN_MS));
      expect(screen.getByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Create account form' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  test('the forms switch between each other', async () => {
    const { user, form } = await openRegistration();
    await user.click(form.getByRole('button', { name: 'Sign in' }));
    const login = within(screen.getByRole('form', { name: 'Sign in form' }));
    await user.click(login.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('form', { name: 'Create account form' })).toBeInTheDocument();
  });
});
