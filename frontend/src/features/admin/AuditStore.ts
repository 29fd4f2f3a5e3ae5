import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { PagedList } from '../../shared/pagedList';

export type AdminAuditEntry = components['schemas']['AdminAuditEntryDto'];

export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_MESSAGES = {
  loadFailed: 'Failed to load the audit log',
  moreFailed: 'Failed to load more entries',
} as const;

/** The admin console's Audit log tab: every admin action, newest first, a page at a time. */
export class AuditStore {
  readonly entries: PagedList<AdminAuditEntry>;

  constructor(readonly root: RootStore) {
    this.entries = new PagedList<AdminAuditEntry>(
      async ({ cursor, limit, signal }) => {
        const token = root.admin.token;
        const { data } = await root.api.GET('/api/admin/audit', {
          headers: token ? bearerHeader(token) : undefined,
          params: { query: { limit: String(limit ?? AUDIT_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
          signal,
        });
        return data ? { items: data.items, next: data.next_cursor } : undefined;
      },
      { key: (e) => e.id },
    );
  }

  load(): Promise<unknown> {
    return this.entries.load();
  }

  reset(): void {
    this.entries.reset();
  }
}
