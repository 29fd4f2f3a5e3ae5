/** The editor's API shapes (docs/api.md "Editor"). */
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type EditClip = Schemas['EditClipDto'];
export type EditText = Schemas['EditTextDto'];
export type EditMusic = Schemas['EditMusicDto'];
/** An edit document: what the app changes, sends and keeps in its undo history. */
export type EditBody = Schemas['EditBodyDto'];
/** A saved draft: the document, its version, when it was saved and the edited length. */
export type Edit = Schemas['EditDto'];
export type EditorVideo = Schemas['EditorVideoDto'];
export type EditorSession = Schemas['EditorSessionDto'];
export type EditorExport = Schemas['EditExportDto'];

export type TextKind = EditText['kind'];
export type TextPosition = EditText['position'];
export type Filter = NonNullable<EditBody['filter']>;
export type Transition = NonNullable<EditBody['transition']>;
export type Resolution = EditorExport['resolution'];
export type ExportStatus = EditorExport['status'];

/** The studio's tabs (seed 002 §2.14), in order. */
export const EDITOR_TABS = ['upload', 'timeline', 'filters', 'effects', 'audio', 'export'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];
export const EDITOR_TAB_LABELS: Record<EditorTab, string> = {
  upload: 'Upload',
  timeline: 'Timeline',
  filters: 'Filters',
  effects: 'Effects',
  audio: 'Audio',
  export: 'Export',
};

/** An export still under way (polled). */
export function exportActive(status: ExportStatus): boolean {
  return status === 'queued' || status === 'rendering' || status === 'publishing';
}
