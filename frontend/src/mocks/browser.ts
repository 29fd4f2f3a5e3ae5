import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';
import { DEMO_CREDENTIALS, restoreMockDb, snapshotMockDb } from './db';
import { mediaDb } from './mediaDb';
import { addQaShowcase } from './qaShowcase';
import { liveDb } from './liveDb';

export const worker = setupWorker(...handlers);

/** QA mode keeps its in-memory data here, so a reload does not sign everyone out. */
const SNAPSHOT_KEY = 'scriven.mockDb';

/** QA mode: answer every /api call in the browser; anything else (assets) goes through. */
export async function startMockWorker(): Promise<void> {
  // A fresh tab starts on the demo data, with a few more videos for the watch and channel pages.
  if (!restoreMockDb(sessionStorage.getItem(SNAPSHOT_KEY))) addQaShowcase();
  // Chunked uploads in QA mode: 1 MiB chunks, each taking a moment, so that a file of a few MB shows its progress
  // and can be paused, resumed and reloaded (the server's chunks are 8 MiB).
  mediaDb.config.chunkSize = 1_048_576;
  mediaDb.config.chunkDelayMs = 300;
  worker.events.on('response:mocked', () => sessionStorage.setItem(SNAPSHOT_KEY, snapshotMockDb()));

  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  console.info(
    '[mock] QA mode: every /api call is answered in the browser. Data is kept for this tab ' +
      `(sessionStorage '${SNAPSHOT_KEY}'); close the tab to start over.\n` +
      `[mock] User: ${DEMO_CREDENTIALS.user.email} / ${DEMO_CREDENTIALS.user.password}\n` +
      '[mock] A user who is also an admin (the Updates section, platform earnings): mira@example.com / password123\n' +
      `[mock] Admin (/admin): ${DEMO_CREDENTIALS.admin.username} / ${DEMO_CREDENTIALS.admin.password}` +
      ' (Reports: four open cases, one of them on ada\'s loom video, and mira\'s appeal of a strike)\n' +
      `[mock] Parental consent: /parental-consent/${DEMO_CREDENTIALS.consentToken}\n` +
      `[mock] Live: /live (mira is live with Super Chat on; ada can Go Live; mira's My Stream ends hers, leaving Live Now empty)` +
      liveDb.streams
        .filter((stream) => stream.status === 'ended')
        .map((stream) => `; an ended stream with its recording: /live/${stream.id}`)
        .join(''),
  );
}
