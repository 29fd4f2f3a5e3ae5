import type { LoggerService } from '@nestjs/common';
import type { LogLevel } from '../config/config.js';
import { currentRequestId } from './request-context.js';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Nest's own start-up narration (a line per module, controller and route: over a hundred lines) is debug output:
 * at the default level a start shows what an operator needs, ending with the "listening on" line.
 */
const FRAMEWORK_NARRATION = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader', 'NestFactory', 'NestApplication', 'WebSocketsController']);

/**
 * One line per event: time, level, context, request id when inside a request, message.
 * Secrets never reach it: callers log ids and outcomes, never tokens, passwords or links with tokens
 * (the one exception is the mail log transport, which exists to show a local operator the mail).
 */
export class AppLogger implements LoggerService {
  constructor(private level: LogLevel = 'info') {}

  setLevel(level: LogLevel): void {
    this.level = level;
  }

  private write(level: LogLevel, message: unknown, context?: string, extra?: unknown): void {
    if (ORDER[level] < ORDER[this.level]) return;
    const rid = currentRequestId();
    const parts = [new Date().toISOString(), level.toUpperCase().padEnd(5)];
    if (context) parts.push(`[${context}]`);
    if (rid) parts.push(`(req ${rid})`);
    parts.push(typeof message === 'string' ? message : JSON.stringify(message));
    const line = parts.join(' ');
    const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
    stream.write(line + '\n');
    if (extra) stream.write(`${String(extra)}\n`);
  }

  log(message: unknown, context?: string): void {
    this.write(context && FRAMEWORK_NARRATION.has(context) ? 'debug' : 'info', message, context);
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    if (context) this.write('error', message, context, stackOrContext);
    else this.write('error', message, stackOrContext);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
}
