import { AppLogger } from './app-logger.js';

function capture(fn: () => void): string[] {
  const lines: string[] = [];
  const { stdout, stderr } = process;
  const writes = [stdout.write, stderr.write];
  stdout.write = stderr.write = ((chunk: string | Uint8Array) => (lines.push(String(chunk)), true)) as typeof stdout.write;
  try {
    fn();
  } finally {
    [stdout.write, stderr.write] = writes;
  }
  return lines;
}

describe('AppLogger', () => {
  it("keeps Nest's start-up narration (modules, routes) for the debug level", () => {
    const narrate = (logger: AppLogger) => {
      logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
      logger.log('HealthController {/api/health}:', 'RoutesResolver');
      logger.log('AppModule dependencies initialized', 'InstanceLoader');
      logger.log('Scriven is listening', 'Scriven');
    };
    const info = capture(() => narrate(new AppLogger('info')));
    expect(info).toHaveLength(1);
    expect(info[0]).toMatch(/INFO {2}\[Scriven\] Scriven is listening\n$/);
    expect(capture(() => narrate(new AppLogger('debug')))).toHaveLength(4);
  });

  it("still shows the framework's warnings and errors", () => {
    const lines = capture(() => {
      const logger = new AppLogger('info');
      logger.error('listen EADDRINUSE', undefined, 'NestApplication');
      logger.warn('something odd', 'RoutesResolver');
    });
    expect(lines).toHaveLength(2);
  });
});
