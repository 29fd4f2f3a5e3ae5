import { describe, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { RootStore } from '../../stores/RootStore';
import { DEMO_CREDENTIALS } from '../../mocks/db';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp } from '../../test/renderApp';

const route = `/parental-consent/${DEMO_CREDENTIALS.consentToken}`;

describe('parental consent page', () => {
  test('shows the request, and approving activates the child account', async () => {
    const { user } = renderApp({ route });

    expect(await screen.findByText('young_tim')).toBeInTheDocument();
    expect(screen.getByText('Waiting for your decision')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText("Thank you. young_tim's account is now active and they can sign in.")).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    const store = new RootStore();
    expect(await store.auth.login('young_tim', 'password123')).toBe(true);
  });

  test('refusing keeps the child account closed', async () => {
    const { user } = renderApp({ route });

    await user.click(await screen.findByRole('button', { name: 'Refuse' }));

    expect(await screen.findByText("You refused the request. young_tim's account will not be activated.")).toBeInTheDocument();
    expect(screen.getByText('Refused')).toBeInTheDocument();
  });

  test('an unknown link says so', async () => {
    renderApp({ route: '/parental-consent/not-a-real-token' });

    expect(
      await screen.findByText('This consent link is not valid. Please check the link in the email you received.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  test('an expired link offers no decision', async () => {
    server.use(
      http.get('/api/parental-consent/{token}', ({ response }) =>
        response(200).json({ child_display_name: 'young_tim', status: 'pending', expires_at: '2020-01-01T00:00:00.000Z' }),
      ),
    );
    renderApp({ route });

    expect(
      await screen.findByText('This consent link has expired. Your child can register again to send a new request.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  test('a request decided elsewhere meanwhile shows what was recorded', async () => {
    const { user } = renderApp({ route });
    await screen.findByRole('button', { name: 'Approve' });
    // Someone else (another tab) refuses first.
    const other = new RootStore();
    await other.consent.load(DEMO_CREDENTIALS.consentToken);
    await other.consent.decide('refuse');

    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('A decision has already been recorded for this request.')).toBeInTheDocument();
    expect(await screen.findByText("This request was refused. young_tim's account is not active.")).toBeInTheDocument();
  });

  test('a link that expires before the decision shows the expired notice', async () => {
    server.use(
      http.post('/api/parental-consent/{token}/approve', ({ response }) =>
        response(410).json({ statusCode: 410, code: 'GONE', detail: 'Expired', message: 'Expired' }),
      ),
    );
    const { user } = renderApp({ route });

    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    expect(
      await screen.findByText('This consent link has expired. Your child can register again to send a new request.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
