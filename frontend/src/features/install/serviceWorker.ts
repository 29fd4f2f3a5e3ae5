/**
 * Registers the service worker (public/sw.js, completed by the build with this release's files) from the site root,
 * scope `/`: the offline shell and the per-release asset cache. Production builds only: never in the dev server, in
 * QA mode (MSW's own worker, public/mockServiceWorker.js, answers the API there) or in tests (main.tsx only).
 */
export function registerServiceWorker(win: Window = window, env: { PROD: boolean; MODE: string } = import.meta.env): void {
  if (!env.PROD || env.MODE === 'mock' || !('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No service worker (a private window, an insecure origin other than localhost): the app works online as before.
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
