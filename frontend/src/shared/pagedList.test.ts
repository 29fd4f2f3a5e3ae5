import { describe, expect, test } from '@jest/globals';
import { byId, PagedList, type Page, type PageRequest } from './pagedList';

type Item = { id: string; v?: number };

/** A fetch whose answers the test gives, one request at a time, in any order. */
function fakeServer() {
  const calls: { request: PageRequest; answer: (page: Page<Item, number> | undefined) => void; fail: () => void }[] = [];
  const fetch = (request: PageRequest) =>
    new Promise<Page<Item, number> | undefined>((resolve, reject) => {
      calls.push({ request, answer: resolve, fail: () => reject(new TypeError('Failed to fetch')) });
    });
  return { calls, list: new PagedList<Item, number>(fetch, byId) };
}

const items = (...ids: string[]) => ids.map((id) => ({ id }));
const ids = (list: PagedList<Item, number>) => list.items.map((item) => item.id);

describe('PagedList', () => {
  test('the first page, then Load more appends the next without repeating what is shown, until there is none', async () => {
    const { calls, list } = fakeServer();
    expect(list.status).toBe('idle');

    const first = list.load({ limit: 2 });
    expect(list.status).toBe('loading');
    expect(calls[0].request).toMatchObject({ cursor: null, limit: 2 });
    calls[0].answer({ items: items('a', 'b'), next: 'c1', meta: 5 });
    expect(await first).toBe('loaded');
    expect([list.status, ids(list), list.nextCursor, list.meta]).toEqual(['ready', ['a', 'b'], 'c1', 5]);

    const more = list.loadMore();
    expect(list.loadingMore).toBe(true);
    expect(await list.loadMore()).toBe('skipped'); // one at a time
    expect(calls[1].request.cursor).toBe('c1');
    calls[1].answer({ items: items('b', 'c'), next: null, meta: 6 });
    expect(await more).toBe('loaded');
    expect([ids(list), list.nextCursor, list.meta, list.loadingMore]).toEqual([['a', 'b', 'c'], null, 6, false]);
    expect(await list.loadMore()).toBe('skipped'); // nothing after the last page
    expect(calls).toHaveLength(2);
  });

  test('a reload aborts the requests under way and drops their answers: only the latest answer shows', async () => {
    const { calls, list } = fakeServer();
    const first = list.load();
    calls[0].answer({ items: items('a'), next: 'c1' });
    await first;

    const more = list.loadMore();
    const reload = list.load();
    expect(calls[1].request.signal.aborted).toBe(true); // the Load more
    expect(calls[2].request.signal.aborted).toBe(false);
    expect(list.loadingMore).toBe(false);
    const again = list.load();
    expect(calls[2].request.signal.aborted).toBe(true); // the first reload

    calls[3].answer({ items: items('x'), next: null });
    expect(await again).toBe('loaded');
    calls[2].answer({ items: items('stale'), next: 'old' });
    calls[1].answer({ items: items('stale-more'), next: null });
    expect(await reload).toBe('skipped');
    expect(await more).toBe('skipped');
    expect([ids(list), list.nextCursor]).toEqual([['x'], null]);
  });

  test('join answers with the load under way instead of starting another; onLoad runs once per answer taken', async () => {
    const loads: string[] = [];
    const calls: { answer: (page: Page<Item> | undefined) => void }[] = [];
    const list = new PagedList<Item>(
      () => new Promise<Page<Item> | undefined>((answer) => calls.push({ answer })),
      { ...byId, onLoad: (outcome) => loads.push(outcome) },
    );
    const first = list.load();
    const joined = list.load({ join: true });
    expect(calls).toHaveLength(1);
    calls[0].answer({ items: items('a'), next: null });
    expect([await first, await joined]).toEqual(['loaded', 'loaded']);
    expect(loads).toEqual(['loaded']);

    const dropped = list.load({ join: true }); // nothing under way: a new load
    const latest = list.load();
    expect(calls).toHaveLength(3);
    calls[1].answer({ items: items('old'), next: null });
    calls[2].answer(undefined);
    expect([await dropped, await latest]).toEqual(['skipped', 'failed']);
    expect(loads).toEqual(['loaded', 'failed']);
  });

  test('a reload keeps the shown items meanwhile; a failed one says error and keeps them', async () => {
    const { calls, list } = fakeServer();
    const first = list.load();
    calls[0].answer({ items: items('a', 'b'), next: 'c1' });
    await first;

    const reload = list.load();
    expect(list.status).toBe('ready');
    calls[1].fail();
    expect(await reload).toBe('failed');
    expect([list.status, ids(list), list.nextCursor]).toEqual(['error', ['a', 'b'], 'c1']);

    const empty = list.load(); // the server answers without data
    expect(list.status).toBe('loading');
    calls[2].answer(undefined);
    expect(await empty).toBe('failed');
    expect([list.status, ids(list)]).toEqual(['error', ['a', 'b']]);
  });

  test('a failed Load more leaves the list as it was and says so until the next try', async () => {
    const { calls, list } = fakeServer();
    const first = list.load();
    calls[0].answer({ items: items('a'), next: 'c1' });
    await first;

    const more = list.loadMore();
    calls[1].fail();
    expect(await more).toBe('failed');
    expect([ids(list), list.nextCursor, list.moreFailed, list.loadingMore, list.status]).toEqual([['a'], 'c1', true, false, 'ready']);

    const retry = list.loadMore();
    expect(list.moreFailed).toBe(false);
    calls[2].answer({ items: items('b'), next: 'c1' }); // a cursor that does not move ends the list
    await retry;
    expect([ids(list), list.nextCursor]).toEqual([['a', 'b'], null]);
  });

  test('a refresh merges the first page: new items on top, the others updated in place, later pages kept', async () => {
    const { calls, list } = fakeServer();
    const first = list.load();
    calls[0].answer({ items: [{ id: 'a', v: 1 }, { id: 'b', v: 1 }], next: 'c1' });
    await first;
    const more = list.loadMore();
    calls[1].answer({ items: [{ id: 'c', v: 1 }], next: 'c2' });
    await more;

    const refresh = list.refresh();
    calls[2].answer({ items: [{ id: 'n', v: 1 }, { id: 'a', v: 2 }], next: 'other' });
    expect(await refresh).toBe('loaded');
    expect(list.items).toEqual([{ id: 'n', v: 1 }, { id: 'a', v: 2 }, { id: 'b', v: 1 }, { id: 'c', v: 1 }]);
    expect(list.nextCursor).toBe('c2');

    const failed = list.refresh();
    calls[3].fail();
    expect(await failed).toBe('failed');
    expect(ids(list)).toEqual(['n', 'a', 'b', 'c']);

    const dropped = list.refresh();
    const reload = list.load();
    calls[4].answer({ items: items('late'), next: null });
    calls[5].answer({ items: items('z'), next: null });
    expect([await dropped, await reload]).toEqual(['skipped', 'loaded']);
    expect(ids(list)).toEqual(['z']);
  });

  test('reset forgets everything and drops what is under way', async () => {
    const { calls, list } = fakeServer();
    const first = list.load();
    list.reset();
    expect(calls[0].request.signal.aborted).toBe(true);
    calls[0].answer({ items: items('a'), next: 'c1' });
    expect(await first).toBe('skipped');
    expect([list.status, ids(list), list.nextCursor, list.meta]).toEqual(['idle', [], null, null]);

    const refresh = list.refresh(); // before any load, a refresh shows the page
    calls[1].answer({ items: items('a'), next: 'c1' });
    await refresh;
    expect([list.status, ids(list), list.nextCursor]).toEqual(['ready', ['a'], 'c1']);
  });
});
