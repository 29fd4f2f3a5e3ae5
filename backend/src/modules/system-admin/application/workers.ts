import { supervisorLink, type SupervisedWorker } from '../../../common/supervisor-link.js';

export type { SupervisedWorker };

/**
 * Every server process: under `npm start`'s supervisor, each API worker and the media/jobs worker with its last
 * readings (pid, role, state, started_at, uptime, rss, heap, cpu), as the supervisor shares them every 2 s over IPC;
 * without a supervisor (`node backend/dist/src/main.js`, the tests), this process alone (role `all`). No database
 * round trip: the admin console's status can call it on every request.
 */
export function listWorkers(): SupervisedWorker[] {
  return supervisorLink.workers();
}
