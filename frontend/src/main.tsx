import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { App } from './app/App';
import { installStore } from './features/install/InstallStore';
import { registerServiceWorker } from './features/install/serviceWorker';

/** QA mode (`npm run dev:mock`): every API call is answered in the browser by the MSW handlers. */
async function startMockServer(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const { startMockWorker } = await import('./mocks/browser');
  await startMockWorker();
}

/**
 * A shared video's page arrives with its poster, title and channel drawn in the HTML (the server's preview). Let the
 * browser paint it, poster included, before the app replaces it: on a slow phone that paint is what the visitor sees
 * while the app starts, and replacing it unpainted would hold the page's first large paint until the app has rendered.
 * Bounded, so a poster that is slow to come (or a tab in the background, where frames do not run) never holds the app.
 */
function previewPainted(): Promise<void> {
  const preview = document.querySelector('[data-preview]');
  if (!preview) return Promise.resolve();
  const poster = preview.querySelector('img');
  const loaded = !poster || poster.complete ? Promise.resolve() : new Promise<void>((resolve) => {
    poster.addEventListener('load', () => resolve(), { once: true });
    poster.addEventListener('error', () => resolve(), { once: true });
  });
  const painted = loaded.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
}

// The browser may offer to install the app before it has rendered: listen from the start.
installStore.attach(window);
registerServiceWorker();

void Promise.all([startMockServer(), previewPainted()]).then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
