import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { PagedList } from '../../shared/pagedList';

export type FeedbackItem = components['schemas']['FeedbackItemDto'];

export const FEEDBACK_PAGE_SIZE = 20;

export const FEEDBACK_INBOX_MESSAGES = {
  loadFailed: 'Failed to load feedback',
  moreFailed: 'Failed to load more feedback',
  empty: 'No feedback yet',
  deletedUser: 'deleted user',
} as const;

/** The admin console's Feedback tab: what users sent (Settings → Send feedback), newest first, a page at a time. */
export class FeedbackInboxStore {
  readonly items: PagedList<FeedbackItem>;

  constructor(readonly root: RootStore) {
    this.items = new PagedList<FeedbackItem>(
      async ({ cursor, limit, signal }) => {
        const token = root.admin.token;
        const { data } = await root.api.GET('/api/admin/feedback', {
          headers: token ? bearerHeader(token) : undefined,
          params: { query: { limit: String(limit ?? FEEDBACK_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
          signal,
        });
        return data ? { items: data.items, next: data.next_cursor } : undefined;
      },
      { key: (f) => f.id },
    );
  }

  load(): Promise<unknown> {
    return this.items.load();
  }

  reset(): void {
    this.items.reset();
  }
}
