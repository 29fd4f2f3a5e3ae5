// The supervisor of `npm start`: runs the server as a child process and starts it again when it dies after it was
// ready. Kept apart from start.mjs so that it can be tested with a stand-in server (backend/test/supervisor.test.ts).
import { fork } from 'node:child_process';

/**
 * Runs `entry` in a child process. A server that dies after it said it was ready (the message
 * { type: 'scriven:ready' }) is started again after `restartDelayMs` (1 s), then twice as long each time up to 30 s
 * while it keeps dying within a minute of its start; one that fails to start (its configuration, a taken port) is
 * not, and its exit code is this process's. SIGINT and SIGTERM reach the server, which stops cleanly; then this
 * process exits with its code.
 */
export function supervise(entry, { env = process.env, restartDelayMs = Number(process.env.SCRIVEN_RESTART_DELAY_MS || 1000), log = (line) => console.error(line) } = {}) {
  let stopping = false;
  let child = null;
  let delay = restartDelayMs;
  const start = () => {
    const startedAt = Date.now();
    let ready = false;
    child = fork(entry, [], { stdio: 'inherit', env });
    child.on('message', (m) => {
      if (m && m.type === 'scriven:ready') ready = true;
    });
    child.on('exit', (code, signal) => {
      child = null;
      if (stopping || !ready) process.exit(code ?? (signal ? 1 : 0));
      if (Date.now() - startedAt > 60_000) delay = restartDelayMs;
      log(`Scriven stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s.`);
      setTimeout(start, delay);
      delay = Math.min(delay * 2, 30_000);
    });
  };
  const stop = (signal) => {
    stopping = true;
    // A terminal's Ctrl-C reaches the whole process group, the server included; a signal sent to this process alone
    // is passed on (the server stops once, however often it is told).
    if (child) child.kill(signal);
    else process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  start();
}
