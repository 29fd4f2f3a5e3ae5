import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

const FOOTER_LINKS = [
  ['Platform', 'Home', '/'],
  ['Platform', 'Help', '/help'],
  ['Monetization', 'How creators earn', '/monetization'],
  ['Legal', 'Terms of Service', '/terms'],
  ['Legal', 'Privacy Policy', '/privacy'],
  ['Legal', 'Community Guidelines', '/guidelines'],
] as const;

function footer() {
  return within(screen.getByRole('contentinfo'));
}

describe('footer and pages', () => {
  test('the landing has the footer: Platform, Monetization and Legal links, and the copyright line', () => {
    renderApp({ route: '/signin' });

    for (const [group, name, href] of FOOTER_LINKS) {
      const nav = within(footer().getByRole('navigation', { name: group }));
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(footer().getByText(`© ${new Date().getFullYear()} Scriven`)).toBeInTheDocument();
  });

  test('signed in, the footer is under every section and its links open the pages', async () => {
    storeDemoUserToken();
    const { user } = renderApp();
    await screen.findByRole('heading', { name: 'Welcome back, Ada' });

    await user.click(footer().getByRole('link', { name: 'Privacy Policy' }));

    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/privacy');
    // Still signed in: the header of signed-in pages.
    expect(screen.getByRole('button', { name: 'Switch account' })).toBeInTheDocument();

    await user.click(footer().getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  test('a visitor follows a footer link from the landing to a legal page and back home', async () => {
    const { user } = renderApp({ route: '/signin' });

    await user.click(footer().getByRole('link', { name: 'Community Guidelines' }));
    expect(await screen.findByRole('heading', { name: 'Community Guidelines', level: 1 })).toBeInTheDocument();

    await user.click(footer().getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Watch what people share here' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('/terms says who runs the instance and who is responsible', () => {
    renderApp({ route: '/terms' });

    expect(screen.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument();
    const who = within(screen.getByRole('region', { name: 'Who provides this service' }));
    expect(who.getByText(/This instance is provided by its operator/)).toBeInTheDocument();
    expect(who.getByText(/is responsible for it and for the data stored on it/)).toBeInTheDocument();
    const rules = within(screen.getByRole('region', { name: 'Acceptable use' }));
    expect(rules.getByRole('link', { name: 'Community Guidelines' })).toHaveAttribute('href', '/guidelines');
  });

  test('/privacy lists what is stored and how to export and delete it', () => {
    renderApp({ route: '/privacy' });

    expect(screen.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    const stored = within(screen.getByRole('region', { name: 'What is stored' }));
    for (const kind of ['Account data', 'Channels', 'Uploaded media', 'Feedback', 'Logs']) {
      expect(stored.getByText(kind)).toBeInTheDocument();
    }
    const rights = within(screen.getByRole('region', { name: 'Your rights: export, correct, delete' }));
    expect(rights.getByText(/Settings → Privacy → Download Your Data/)).toBeInTheDocument();
    expect(rights.getByText(/Settings → Privacy → Delete Account/)).toBeInTheDocument();
  });

  test('/guidelines says what content is not allowed', () => {
    renderApp({ route: '/guidelines' });

    const banned = within(screen.getByRole('region', { name: 'Not allowed' }));
    for (const kind of ['Sexual content and nudity', 'Violence', 'Harassment and hate', 'Spam and deception']) {
      expect(banned.getByText(kind)).toBeInTheDocument();
    }
  });

  test('/monetization explains how creators earn and where to find each screen', () => {
    renderApp({ route: '/monetization' });

    expect(screen.getByRole('heading', { name: 'How creators earn', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/open Earnings and Partner program under Creator Studio/)).toBeInTheDocument();
    const partner = within(screen.getByRole('region', { name: 'Partner program: ad revenue' }));
    expect(partner.getByText('1,000 followers')).toBeInTheDocument();
    expect(partner.getByText('4,000 watch hours in the past 12 months')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Premium' })).toHaveTextContent('$6.99 a month or $69.99 a year');
    const superChat = within(screen.getByRole('table', { name: 'Super Chat prices' }));
    expect(superChat.getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Small$1.99',
      'Medium$4.99',
      'Large$9.99',
      'Mega$24.99',
    ]);
  });

  test('/help explains signing in, accounts, privacy, data and where support comes from', () => {
    renderApp({ route: '/help' });

    expect(screen.getByRole('heading', { name: 'Help', level: 1 })).toBeInTheDocument();
    for (const title of ['Signing in', 'Accounts and channels', 'Privacy settings', 'Your data', 'Getting support']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Getting support' })).toHaveTextContent(/run by its operator/);
  });
});
