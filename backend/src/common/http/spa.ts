/** The web app's index.html, served for every non-API GET that matches no route or file (client-side routes). */
export const spaIndex: { html?: string } = {};

export function wantsSpa(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && spaIndex.html !== undefined;
}
