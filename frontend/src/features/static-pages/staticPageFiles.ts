/**
 * The static pages of seed 002 §2.16: real files of the web app's public folder (frontend/public), served as they are.
 * When the app itself is opened at one of these paths instead (a server or a cached shell that answered with the app's
 * index.html), it fetches the file and replaces the document with it.
 */
export const STATIC_PAGE_PATHS = [
  '/updates.html',
  '/ct-scriven-access.html',
  '/ct-scriven-ultra-secure.html',
  '/ct-scriven-secure-direct.html',
  '/launch.html',
  '/share.html',
  '/welcome.html',
  '/founder-qr.html',
  '/install.html',
  '/admin.html',
] as const;

export type StaticPagePath = (typeof STATIC_PAGE_PATHS)[number];

/** Why a static page could not be shown: the app then shows its 404 screen. */
export class StaticPageUnavailable extends Error {}

/**
 * The HTML of the static page at `path`, fetched from this origin. Refused (StaticPageUnavailable) when the answer is
 * not a success, not HTML, or the app's own index.html (the file is missing there: showing the app again would only
 * bring it back here).
 */
export async function fetchStaticPage(path: StaticPagePath, signal?: AbortSignal): Promise<string> {
  let res: Response;
  try {
    res = await fetch(new URL(path, window.location.origin), {
      headers: { Accept: 'text/html' },
      cache: 'no-cache',
      credentials: 'same-origin',
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new StaticPageUnavailable(`${path}: ${(e as Error).message}`);
  }
  if (!res.ok) throw new StaticPageUnavailable(`${path} answered ${res.status}`);
  if (!/^text\/html\b/i.test(res.headers.get('content-type') ?? '')) throw new StaticPageUnavailable(`${path} is not HTML`);
  const html = await res.text();
  if (!/<html[\s>]/i.test(html) || /<div id="root">/i.test(html)) throw new StaticPageUnavailable(`${path} is the app itself, not its page`);
  return html;
}

/** Replaces the whole document (head and body) with `html`, whose own stylesheet and scripts then load and run. */
export function replaceDocument(html: string): void {
  document.open();
  document.write(html);
  document.close();
}
