import type { AuthzWorld } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { found, lookUp, ownerOnly } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for the editor studio (see authz-matrix.table.ts): only the owner of a ready video
 * edits it; everyone else signed in (an is_admin user too) gets 404, as if it did not exist; visitors and the admin
 * console's and founder's tokens 401. The owner's draft is saved (version 1) before the export row names it; no job
 * runs here, so the owner's export is still queued when its cancel row comes.
 */

/** The first second of the world's 2 s clip, unchanged otherwise. */
const edit = { clips: [{ start: 0, end: 1 }], filter: 'Sepia', transition: null, texts: [], volume: 75, speed: 1, music: null };
const video = (w: AuthzWorld) => ({ id: w.ids.video });
const ownersExport = (w: AuthzWorld) =>
  lookUp('editorExport', async () => (await w.t.sql<{ id: string }>('select id from media_exports where user_id = $1 order by created_at limit 1', [w.owner.id]))[0]?.id);

export const EDITOR_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  getEditorSession: { what: "the owner's ready video", request: (w) => ({ params: video(w) }), expect: ownerOnly(200) },
  saveEditorDraft: { what: "the owner's ready video, its first draft", request: (w) => ({ params: video(w), json: { version: 0, edit } }), expect: ownerOnly(200) },
  getEditorFilmstrip: { what: "the owner's ready video", request: (w) => ({ params: video(w) }), expect: ownerOnly(200) },
  getEditorFrame: { what: "the owner's ready video", request: (w) => ({ params: video(w), query: { at: '0.5', filter: 'Sepia' } }), expect: ownerOnly(200) },
  previewEdit: { what: "the owner's ready video", request: (w) => ({ params: video(w), json: { edit, from: 0, to: 1 } }), expect: ownerOnly(200) },
  startEditorExport: { what: "the owner's saved draft (version 1)", request: (w) => ({ params: video(w), json: { resolution: '720p', version: 1 } }), expect: ownerOnly(202) },
  listEditorExports: {
    what: "the owner's ready video",
    request: (w) => {
      ownersExport(w);
      return { params: video(w) };
    },
    expect: ownerOnly(200),
  },
  getEditorExport: { what: "the owner's export", request: () => ({ params: { id: found('editorExport') } }), expect: ownerOnly(200) },
  cancelEditorExport: { what: "the owner's queued export", request: () => ({ params: { id: found('editorExport') } }), expect: ownerOnly(200) },
};
