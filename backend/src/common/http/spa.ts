import type { Request } from 'express';

/** The web app's index.html, served for every non-API GET that matches no route or file (client-side routes). */
export const spaIndex: { html?: string } = {};

export function wantsSpa(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && spaIndex.html !== undefined;
}

/** What a shared link previews (a chat app, a social network): the page's title, and its Open Graph card. */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's own address, absolute. */
  url: string;
  /** An absolute image address (a thumbnail, a poster, an avatar), when there is one. */
  image?: string | null;
  /** Open Graph's type: video.other, video.movie, profile. */
  type: string;
  /**
   * An image the page shows first and largest (a video's poster), as the app will ask for it: fetched with the HTML
   * instead of after the app has started, so the page's largest paint does not wait for it.
   */
  preloadImage?: string | null;
  /**
   * What the page shows, drawn in the HTML itself until the app has started (on a slow phone, seconds): the poster,
   * the title and the channel. The app replaces it when it renders.
   */
  preview?: { title: string; channel: string; image: string | null } | null;
}

/** The page's poster, title and channel as plain HTML, in the app's colours (Mantine's variables, light or dark). */
function previewHtml(p: NonNullable<PageMeta['preview']>): string {
  const poster = p.image
    ? `<img src="${escapeHtml(p.image)}" alt="" fetchpriority="high" style="width:100%;height:100%;object-fit:cover;display:block" />`
    : '';
  return (
    `<div data-preview style="font-family:var(--mantine-font-family);color:var(--mantine-color-text);background:var(--mantine-color-body);min-height:100vh">` +
    `<div style="height:60px;border-bottom:1px solid var(--mantine-color-default-border)"></div>` +
    `<main style="max-width:1280px;margin:0 auto;padding:16px">` +
    `<div style="aspect-ratio:16/9;background:#000;border-radius:12px;overflow:hidden">${poster}</div>` +
    `<h1 style="font-size:22px;line-height:1.3;margin:16px 0 4px">${escapeHtml(p.title)}</h1>` +
    `<p style="margin:0;color:var(--mantine-color-dimmed);font-size:14px">${escapeHtml(p.channel)}</p>` +
    `</main></div>`
  );
}

/**
 * The app's entry script and its module preloads, named to public/app-start.js instead of fetched with the head: it
 * starts them once the preview has been painted, so a slow phone's connection brings the poster first. Left as it is
 * when the build's head is not shaped as expected.
 */
function startAppAfterPreview(html: string): string {
  const entry = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;
  const app = entry.exec(html)?.[1];
  if (app === undefined) return html;
  const preloads: string[] = [];
  const rest = html.replace(/<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  return rest.replace(entry, () => `<script src="/app-start.js" data-app="${escapeHtml(app)}" data-preload="${escapeHtml(preloads.join(' '))}" defer></script>`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** One line of at most `max` characters (descriptions are shown as a snippet). */
export function snippet(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/**
 * index.html with the page's own title, description and Open Graph / Twitter card tags; every value escaped. Null
 * when the web app is not built (the route then answers 404, as any unknown path).
 */
export function renderSpa(meta: PageMeta | null): string | null {
  const html = spaIndex.html;
  if (html === undefined) return null;
  if (!meta) return html;
  const head = [
    `<title>${escapeHtml(meta.title)} · Scriven</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:site_name" content="Scriven" />`,
    `<meta property="og:type" content="${escapeHtml(meta.type)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...(meta.preloadImage ? [`<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />`] : []),
  ].join('\n    ');
  // The app's own title and description give way to the page's.
  let rest = html.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  if (meta.preview) {
    const preview = previewHtml(meta.preview);
    rest = startAppAfterPreview(rest.replace('<div id="root"></div>', () => `<div id="root">${preview}</div>`));
  }
  const title = /<title>[^<]*<\/title>/i;
  return title.test(rest) ? rest.replace(title, () => head) : rest.replace(/<head>/i, () => `<head>\n    ${head}`);
}

/** The absolute address of `path` on this instance: PUBLIC_URL when it is set, else the address the request came to. */
export function absoluteUrl(req: Request, publicUrl: string | null, path: string): string {
  if (publicUrl) return `${publicUrl}${path}`;
  const host = req.get('host') ?? 'localhost';
  return `${req.protocol}://${host}${path}`;
}
