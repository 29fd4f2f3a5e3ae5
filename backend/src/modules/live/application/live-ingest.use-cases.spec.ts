import { LiveStream } from '../domain/live-stream.js';
import type { LiveRecordings, LiveStreamRepository, StreamKeyRepository } from '../domain/ports.js';
import { LiveIngestUseCases } from './live-ingest.use-cases.js';
import type { MarkLiveUseCase } from './mark-live.use-case.js';

const now = new Date(Date.UTC(2026, 10, 24, 12));

/** An ended stream that wants its recording, and a repository whose `setRecording` answers `noted`. */
function setUp(noted: boolean) {
  const stream = LiveStream.start('owner', { title: 'Show', description: 'd', isVertical: false, superChatEnabled: false }, now);
  stream.end('owner', now);
  const linked: string[] = [];
  const streams = { find: async () => stream, setRecording: async (_id: string, mediaId: string) => (noted ? (linked.push(mediaId), true) : false) } as unknown as LiveStreamRepository;
  const published: string[] = [];
  const discarded: string[] = [];
  const recordings: LiveRecordings = {
    publish: async () => (published.push(`m${published.length + 1}`), `m${published.length}`),
    discard: async (id) => void discarded.push(id),
  };
  const use = new LiveIngestUseCases({} as StreamKeyRepository, streams, recordings, {} as MarkLiveUseCase, { now: () => now });
  return { use, stream, linked, published, discarded };
}

describe('publishing an ended stream’s recording', () => {
  it('notes the video it became', async () => {
    const { use, stream, linked, discarded } = setUp(true);
    expect(await use.publishRecording(stream.id, '/tmp/rec.mkv')).toBe('m1');
    expect(linked).toEqual(['m1']);
    expect(discarded).toEqual([]);
  });

  it('takes the video down again when it cannot be noted (noted by another run, or no longer wanted), leaving none over', async () => {
    const { use, stream, published, discarded } = setUp(false);
    expect(await use.publishRecording(stream.id, '/tmp/rec.mkv')).toBeNull();
    expect(published).toEqual(['m1']);
    expect(discarded).toEqual(['m1']);
  });
});
