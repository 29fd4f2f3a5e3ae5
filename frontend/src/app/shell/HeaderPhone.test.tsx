import { afterEach, describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../AppProviders';
import { RootStore } from '../../stores/RootStore';
import { storeDemoUserToken } from '../../test/session';
import { SignedInHeader } from './AppHeader';

let opened: RootStore | null = null;
afterEach(() => {
  opened?.dispose();
  opened = null;
});

/** The signed-in header bar alone (the shell's other parts are not what these tests are about). */
async function renderHeader() {
  storeDemoUserToken();
  const store = new RootStore();
  opened = store;
  await store.auth.init();
  render(
    <AppProviders store={store} env="test">
      <MemoryRouter>
        <header>
          <SignedInHeader />
        </header>
      </MemoryRouter>
    </AppProviders>,
  );
  const header = within(screen.getByRole('banner'));
  await header.findByRole('button', { name: 'Switch account' });
  return { header, user: userEvent.setup({ delay: null }), store };
}

// jsdom lays nothing out: what makes the bar fit a 390 px phone is checked in Chromium (see the report of this change);
// here, that below the `sm` breakpoint the wide parts are the ones Mantine hides.
const hiddenOnPhones = (element: Element) => element.classList.contains('mantine-visible-from-sm');
const onlyOnPhones = (element: Element) => element.classList.contains('mantine-hidden-from-sm');

describe('the header bar on a phone', () => {
  test('search and Create shrink to icons: Create keeps its name, its label and arrow show from sm up', async () => {
    const { header } = await renderHeader();

    const create = header.getByRole('button', { name: 'Create' });
    const label = within(create).getByText('Create');
    expect(hiddenOnPhones(label)).toBe(true);
    expect(hiddenOnPhones(label.nextElementSibling as Element)).toBe(true); // the arrow
    expect(create.querySelector('svg')).toBeInTheDocument(); // the plus, always shown
    expect(onlyOnPhones(header.getByRole('button', { name: 'Show search' }))).toBe(true);
    expect(hiddenOnPhones(header.getByRole('search').parentElement as Element)).toBe(true);
  });

  test('Escape closes the phone search and gives the focus back to its button; so does Hide search', async () => {
    const { header, user } = await renderHeader();
    const toggle = header.getByRole('button', { name: 'Show search' });

    await user.click(toggle);
    const box = within(document.getElementById('header-search-small') as HTMLElement).getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveFocus();
    await user.keyboard('{Escape}');

    expect(document.getElementById('header-search-small')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(header.getByRole('button', { name: 'Hide search' }));
    expect(document.getElementById('header-search-small')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });
});
