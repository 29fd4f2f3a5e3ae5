import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { StaleExports } from '../application/editor-export.job.js';
import type { EditDocument, EditDraft, EditExport, EditRepository, ExportResolution, ExportStatus } from '../domain/edit.js';

interface DraftRow {
  media_id: string;
  user_id: string;
  version: number;
  edit: EditDocument | string;
  updated_at: Date | string;
}

interface ExportRow {
  id: string;
  media_id: string;
  user_id: string;
  resolution: ExportResolution;
  height: number;
  edit: EditDocument | string;
  status: ExportStatus;
  progress: number;
  result_media_id: string | null;
  error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

function toDraft(r: DraftRow): EditDraft {
  return { mediaId: r.media_id, userId: r.user_id, version: Number(r.version), edit: json(r.edit), updatedAt: date(r.updated_at) };
}

function toExport(r: ExportRow): EditExport {
  return {
    id: r.id,
    mediaId: r.media_id,
    userId: r.user_id,
    resolution: r.resolution,
    height: Number(r.height),
    edit: json(r.edit),
    status: r.status,
    progress: Number(r.progress),
    resultMediaId: r.result_media_id,
    error: r.error,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

const EXPORT_COLUMNS = 'id, media_id, user_id, resolution, height, edit, status, progress, result_media_id, error, created_at, updated_at';

/**
 * media_edits and media_exports (SQL-owned; see the editor migration). A draft is saved only from the version it was
 * read at: one statement inserts the first version (when `expected` is 0 and none exists) or bumps the stored one
 * (when it is `expected`), so two saves from the same version never both succeed. An export that is done, failed or
 * cancelled is never changed again: the job's late progress cannot undo a cancel.
 */
@Injectable()
export class PgEditRepository implements EditRepository, StaleExports {
  constructor(private readonly em: EntityManager) {}

  async draft(mediaId: string, userId: string): Promise<EditDraft | null> {
    const rows = await this.em.execute<DraftRow[]>('select media_id, user_id, version, edit, updated_at from media_edits where media_id = ? and user_id = ?', [mediaId, userId]);
    return rows[0] ? toDraft(rows[0]) : null;
  }

  async save(mediaId: string, userId: string, expected: number, edit: EditDocument): Promise<EditDraft | null> {
    const doc = JSON.stringify(edit);
    const rows =
      expected === 0
        ? await this.em.execute<DraftRow[]>(
            `insert into media_edits (media_id, user_id, version, edit, updated_at) values (?, ?, 1, ?::jsonb, clock_timestamp())
             on conflict (media_id, user_id) do nothing
             returning media_id, user_id, version, edit, updated_at`,
            [mediaId, userId, doc],
          )
        : await this.em.execute<DraftRow[]>(
            `update media_edits set version = version + 1, edit = ?::jsonb, updated_at = clock_timestamp()
             where media_id = ? and user_id = ? and version = ?
             returning media_id, user_id, version, edit, updated_at`,
            [doc, mediaId, userId, expected],
          );
    return rows[0] ? toDraft(rows[0]) : null;
  }

  async addExport(e: EditExport, maxOpen?: number): Promise<boolean> {
    const insert = () =>
      this.em.execute(
        `insert into media_exports (${EXPORT_COLUMNS}) values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?)`,
        [e.id, e.mediaId, e.userId, e.resolution, e.height, JSON.stringify(e.edit), e.status, e.progress, e.resultMediaId, e.error, e.createdAt, e.updatedAt],
      );
    if (maxOpen === undefined) {
      await insert();
      return true;
    }
    return this.em.transactional(async () => {
      // One start of an export per user at a time, so two requests at once cannot both pass the count.
      await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`media-exports:${e.userId}`]);
      const [row] = await this.em.execute<{ n: string }[]>(
        `select count(*) as n from media_exports where user_id = ? and status in ('queued', 'rendering', 'publishing')`,
        [e.userId],
      );
      if (Number(row?.n ?? 0) >= maxOpen) return false;
      await insert();
      return true;
    });
  }

  async exportById(id: string): Promise<EditExport | null> {
    const rows = await this.em.execute<ExportRow[]>(`select ${EXPORT_COLUMNS} from media_exports where id = ?`, [id]);
    return rows[0] ? toExport(rows[0]) : null;
  }

  async exportsOf(mediaId: string, userId: string, limit: number): Promise<EditExport[]> {
    const rows = await this.em.execute<ExportRow[]>(`select ${EXPORT_COLUMNS} from media_exports where media_id = ? and user_id = ? order by created_at desc, id desc limit ?`, [mediaId, userId, limit]);
    return rows.map(toExport);
  }

  async updateExport(id: string, patch: Partial<Pick<EditExport, 'status' | 'progress' | 'resultMediaId' | 'error'>>, onlyFrom?: readonly ExportStatus[]): Promise<boolean> {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (column: string, value: unknown) => {
      sets.push(`${column} = ?`);
      params.push(value);
    };
    if (patch.status !== undefined) set('status', patch.status);
    if (patch.progress !== undefined) set('progress', Math.max(0, Math.min(100, Math.round(patch.progress))));
    if (patch.resultMediaId !== undefined) set('result_media_id', patch.resultMediaId);
    if (patch.error !== undefined) set('error', patch.error === null ? null : patch.error.slice(0, 500));
    sets.push('updated_at = clock_timestamp()');
    const from = onlyFrom?.length ? ` and status in (${onlyFrom.map(() => '?').join(', ')})` : '';
    const rows = await this.em.execute<{ id: string }[]>(
      `update media_exports set ${sets.join(', ')} where id = ? and status not in ('done', 'failed', 'cancelled')${from} returning id`,
      [...params, id, ...(onlyFrom ?? [])],
    );
    return rows.length > 0;
  }

  async claimExport(id: string, staleBefore: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update media_exports set status = 'rendering', progress = 0, updated_at = clock_timestamp()
        where id = ? and (status = 'queued' or (status in ('rendering', 'publishing') and result_media_id is null and updated_at < ?)) returning id`,
      [id, staleBefore],
    );
    return rows.length > 0;
  }

  /** Exports not finished whose row has not moved since `before` (their job may be lost): the sweeper's. */
  async openExportsSince(before: Date, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from media_exports where status in ('queued', 'rendering', 'publishing') and updated_at < ? order by updated_at limit ?`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }
}
