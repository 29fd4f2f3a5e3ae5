import { http } from '../../mocks/http';
import { mediaDb, settle } from '../../mocks/mediaDb';
import { caller, problem, sessionInvalid } from '../../mocks/mediaHelpers';
import { followingOf } from '../../mocks/socialDb';
import { videoDto } from '../videos/mocks';
import type { VideoDto } from '../videos/types';

const SECTION_SIZE = 12;
const TRENDING_WINDOW_MS = 48 * 3_600_000;
/** A position this close to the start or the end is not part-way through. */
const EDGE_SECONDS = 5;

/** GET /api/home and Continue watching, as the server answers them (backend HomeFeedQuery). */
export const homeHandlers = [
  http.get('/api/home', ({ request, response }) => {
    const viewerId = caller(request)?.user.id;
    const ready = mediaDb.videos.map((video) => settle(video)).filter((video) => video.status === 'ready');
    const dto = (video: (typeof ready)[number]) => videoDto(video, viewerId);
    const present = (videos: typeof ready): VideoDto[] => videos.flatMap((video) => dto(video) ?? []);

    const followed = new Set(viewerId ? followingOf(viewerId) : []);
    const following = present(ready.filter((video) => followed.has(video.userId)).sort((a, b) => b.created_at.localeCompare(a.created_at))).slice(0, SECTION_SIZE);

    // Views of the last 48 hours, each counting up to twice when the video was watched through.
    const since = Date.now() - TRENDING_WINDOW_MS;
    const score = (id: string, duration: number | null) => {
      const views = Object.entries(mediaDb.viewLog).filter(([key, at]) => key.startsWith(`video:${id}:`) && at >= since).length;
      if (!views) return 0;
      return views * (1 + Math.min(1, (mediaDb.watchSeconds[id] ?? 0) / (views * Math.max(1, duration ?? 600))));
    };
    const trending = present(
      ready
        .map((video) => ({ video, score: score(video.id, video.duration_seconds) }))
        .filter((entry) => entry.score > 0)
        .sort((a, b) => b.score - a.score)
        .map((entry) => entry.video),
    ).slice(0, SECTION_SIZE);

    const continueWatching = viewerId
      ? Object.entries(mediaDb.progress)
          .filter(([key]) => key.startsWith(`${viewerId}:`))
          .sort((a, b) => b[1].at - a[1].at)
          .flatMap(([key, { position }]) => {
            const video = ready.find((item) => item.id === key.slice(viewerId.length + 1));
            const shown = video && dto(video);
            if (!video || !shown || position < EDGE_SECONDS) return [];
            if (video.duration_seconds != null && position >= video.duration_seconds - EDGE_SECONDS) return [];
            return [{ video: shown, kind: 'video' as const, position_seconds: position }];
          })
          .slice(0, SECTION_SIZE)
      : [];

    return response(200).json({ following, trending, continue_watching: continueWatching });
  }),

  http.delete('/api/home/continue-watching/{id}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const key = `${me.user.id}:${params.id}`;
    if (!mediaDb.progress[key]) return response.untyped(problem(404, 'HOME.NOT_IN_CONTINUE_WATCHING', 'This video is not in Continue watching'));
    delete mediaDb.progress[key];
    return response(204).empty();
  }),
];
