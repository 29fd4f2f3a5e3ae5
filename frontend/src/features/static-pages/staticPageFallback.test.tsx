import { describe, expect, test } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/server';
import { renderApp } from '../../test/renderApp';
import { STATIC_PAGE_PATHS } from './staticPageFiles';

// The document is replaced by these tests: queries go to whatever body the document has now (screen is bound to the
// first one).
const body = () => within(document.body);

/** A static page as the server sends it: its own title and heading. */
function pageHtml(path: string): string {
  const name = path.slice(1, -'.html'.length);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>${name} · Scriven</title><link rel="stylesheet" href="/static-pages.css" /></head><body data-page="${name}"><main><h1>Static page ${name}</h1></main></body></html>`;
}

/** The app's index.html, as a server without the file answers with (its SPA fallback). */
const appIndex = '<!doctype html><html lang="en"><head><title>Scriven</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

const expectNotFound = async () => {
  expect(await body().findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
  expect(body().getByText("The page you're looking for doesn't exist.")).toBeInTheDocument();
  expect(body().getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
};

describe('the static pages when the app is opened at their paths (seed 002 §2.16)', () => {
  test('a page that cannot be fetched shows the 404 screen, whose Go Home leads to /', async () => {
    server.use(http.get('/welcome.html', () => new HttpResponse('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })));
    const { user } = renderApp({ route: '/welcome.html' });

    await expectNotFound();
    await user.click(body().getByRole('button', { name: 'Go Home' }));
    expect(body().getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('the app itself served in the page’s place is not shown again: the 404 screen', async () => {
    server.use(http.get('/install.html', () => HttpResponse.html(appIndex)));
    renderApp({ route: '/install.html' });

    await expectNotFound();
    expect(document.title).not.toBe('install · Scriven');
  });

  test('a network failure or an answer that is not HTML shows the 404 screen', async () => {
    server.use(
      http.get('/updates.html', () => HttpResponse.error()),
      http.get('/share.html', () => HttpResponse.json({ releases: [] })),
    );
    const first = renderApp({ route: '/updates.html' });
    await expectNotFound();
    first.unmount();

    renderApp({ route: '/share.html' });
    await expectNotFound();
  });

  test('any other path, .html or not, shows the 404 screen without fetching anything', async () => {
    let fetched = 0;
    server.use(http.get('/other.html', () => (fetched++, HttpResponse.html(pageHtml('/other.html')))));
    renderApp({ route: '/other.html' });

    await expectNotFound();
    expect(fetched).toBe(0);
  });

  test.each(STATIC_PAGE_PATHS)('%s is fetched and replaces the document', async (path) => {
    const asked: string[] = [];
    server.use(
      http.get(path, ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.html(pageHtml(path));
      }),
    );
    renderApp({ route: path });

    const name = path.slice(1, -'.html'.length);
    await waitFor(() => expect(document.title).toBe(`${name} · Scriven`));
    expect(asked).toEqual([path]);
    expect(body().getByRole('heading', { level: 1, name: `Static page ${name}` })).toBeInTheDocument();
    // The app is gone: the page is the file's, head and body.
    expect(document.querySelector('#root, [data-testid="location"]')).toBeNull();
    expect(document.head.querySelector('link[rel="stylesheet"]')).toHaveAttribute('href', '/static-pages.css');
    expect(document.body).toHaveAttribute('data-page', name);
    expect(body().queryByText('404 - Page Not Found')).not.toBeInTheDocument();
  });
});
