import { describe, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { field } from '../../test/queries';

describe('top-level routes', () => {
  test('an unknown path shows the not-found screen with a way home', async () => {
    const { user } = renderApp({ route: '/no/such/page' });

    expect(screen.getByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(await screen.findByRole('heading', { name: 'Watch what people share here' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('a visitor at /signin sees what Scriven is and the two ways in, with the sign-in form open', async () => {
    renderApp({ route: '/signin' });

    expect(await screen.findByText(/Scriven is a video platform you can host yourself/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });

  test('/founder shows the locked notice', () => {
    renderApp({ route: '/founder' });

    expect(screen.getByText('Ultra-secure access is required to enter the founder area.')).toBeInTheDocument();
  });

  test('the hidden founder route shows the founder access screen and leads back', async () => {
    const { user } = renderApp({ route: '/ct-scriven-founder-control' });

    expect(await screen.findByRole('heading', { name: 'Founder control' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Personal Access' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Legacy Access' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to platform' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('/admin shows the admin sign-in', () => {
    renderApp({ route: '/admin' });

    expect(screen.getByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    expect(field(screen, 'Username')).toBeInTheDocument();
  });

  test.each(['/?admin=true', '/no/such/page?admin=true', '/founder?x=1&admin=true'])(
    '%s shows the admin sign-in in place of everything',
    (route) => {
      renderApp({ route });

      expect(screen.getByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
      expect(field(screen, 'Username')).toBeInTheDocument();
      expect(screen.queryByText('404 - Page Not Found')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    },
  );
});
