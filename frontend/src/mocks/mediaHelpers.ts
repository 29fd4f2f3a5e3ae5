import { HttpResponse } from 'msw';
import type { components } from '../api/schema';
import { mockDb, userForAuthorization, type MockUser } from './db';
import { errorBody } from './http';
import { mediaDb } from './mediaDb';

type MediaOwnerDto = components['schemas']['MediaOwnerDto'];

/** The signed-in caller, if the request carries a live token. */
export function caller(request: Request): MockUser | undefined {
  return userForAuthorization(request.headers.get('Authorization'));
}

/** The account an upload belongs to, as the API shows it; undefined once that account was deleted. */
export function ownerDto(accountId: string): MediaOwnerDto | undefined {
  const entry = mockDb.accounts.get(accountId);
  if (!entry) return undefined;
  const { id, display_name, handle, profile_photo_url } = entry.account;
  return { account_id: id, user_id: entry.userId, display_name, handle, profile_photo_url };
}

/** Others see ready uploads of public accounts only; the owner sees their own in every state. */
export function isVisible(item: { userId: string; accountId?: string; status: string }, viewerId: string | undefined): boolean {
  if (item.accountId !== undefined && !mockDb.accounts.has(item.accountId)) return false;
  if (viewerId === item.userId) return true;
  if (item.status !== 'ready') return false;
  if (item.accountId === undefined) return true;
  return mockDb.accounts.get(item.accountId)?.account.privacy_settings.video_visibility === 'public';
}

/**
 * What a list answers: with `mine=true`, only the caller's own items in every state (401 for a visitor, told by
 * `undefined`); otherwise what `isVisible` lets the caller see.
 */
export function listed<T extends { userId: string; accountId?: string; status: string }>(
  items: T[],
  url: URL,
  viewerId: string | undefined,
): T[] | undefined {
  const mine = url.searchParams.get('mine') === 'true';
  if (mine && viewerId === undefined) return undefined;
  return items.filter((item) => isVisible(item, viewerId) && (!mine || item.userId === viewerId));
}

/** One page of `items` (newest first) from a cursor (an offset, as text) and a limit (1-100, default 20). */
export function page<T extends { created_at: string }>(items: T[], url: URL): { items: T[]; next: string | null } {
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit')) || 20));
  const offset = Math.max(0, Number(url.searchParams.get('cursor')) || 0);
  const sorted = [...items].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const slice = sorted.slice(offset, offset + limit);
  return { items: slice, next: offset + limit < sorted.length ? String(offset + limit) : null };
}

/** True when the view counts: one per viewer per item per 30 minutes (product.md §4). */
export function countView(kind: string, id: string, viewer: string): boolean {
  const key = `${kind}:${id}:${viewer}`;
  const last = mediaDb.viewLog[key];
  if (last !== undefined && Date.now() - last < 30 * 60_000) return false;
  mediaDb.viewLog[key] = Date.now();
  return true;
}

/** The kind of video `bytes` start like: MP4/MOV (ftyp), WebM/MKV (EBML) or AVI (RIFF … AVI); null for anything else. */
export function sniffVideo(bytes: Uint8Array): 'mp4' | 'matroska' | 'avi' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(ascii(4, 8))) return 'mp4';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'matroska';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 11) === 'AVI') return 'avi';
  return null;
}

export async function sniffBlob(blob: Blob): Promise<ReturnType<typeof sniffVideo>> {
  return sniffVideo(new Uint8Array(await blob.slice(0, 16).arrayBuffer()));
}

/** An address the page can play the uploaded file from: an object URL (QA mode keeps it until a reload). */
export function playableUrl(blob: Blob, name: string): string {
  try {
    return URL.createObjectURL(blob);
  } catch {
    return `/mock-media/${encodeURIComponent(name)}`;
  }
}

/** When processing of an upload made now ends: ready, or failed with the reason its owner sees. */
export function processingOutcome(kind: ReturnType<typeof sniffVideo>) {
  return {
    at: Date.now() + mediaDb.config.processingMs,
    status: kind ? ('ready' as const) : ('failed' as const),
    failure_reason: kind ? null : 'The file is not a video: no audio or video stream was found',
  };
}

/** A form field as text ('' when missing or a file). */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A form field that is a file, if it is one. */
export function fileField(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value && typeof value !== 'string' ? (value as File) : null;
}

/** 'true' is true; anything else is false. */
export function flag(form: FormData, name: string): boolean {
  return text(form, name).trim().toLowerCase() === 'true';
}

export const SESSION_INVALID = 'Your session is no longer valid. Please sign in again.';

/** The body of the 401 of a call that needs a signed-in user: `response(401).json(sessionInvalid())`. */
export const sessionInvalid = () => errorBody(401, 'IDENTITY.SESSION_INVALID', SESSION_INVALID);

/**
 * An error answer with a status the API description does not list for that call (the 404 of a reel view or of a
 * heartbeat, the 409 of a chunk sent to a completed upload): handlers send it with `response.untyped(...)`. A status
 * the description lists is sent typed, `response(status).json(errorBody(...))`.
 */
export function problem(status: number, code: string, detail: string): Response {
  return HttpResponse.json(errorBody(status, code, detail), { status });
}

/** The body of the server's 403 for a monetized upload by someone outside the creator program. */
export const monetizationRefusedBody = () =>
  errorBody(403, 'CATALOG.MONETIZATION_NOT_ALLOWED', 'Monetization is available to creator program members only');

/** That 403 untyped, for a call whose description does not list it (the reel upload). */
export const monetizationRefused = () => HttpResponse.json(monetizationRefusedBody(), { status: 403 });
