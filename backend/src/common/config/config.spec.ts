import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';

const dir = () => mkdtempSync(join(tmpdir(), 'scriven-config-'));

describe('loadConfig', () => {
  it('has working defaults and keeps a generated JWT secret across starts', () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    const b = loadConfig({ DATA_DIR: d });
    expect(a.port).toBe(3000);
    expect(a.databaseUrl).toBeUndefined();
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
  });

  it('seeds the demo by default only on the embedded database, also when npm start passes its URL to the workers', () => {
    const d = dir();
    expect(loadConfig({ DATA_DIR: d }).demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: d, DATABASE_URL: 'postgres://db.example/scriven' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: d, DATABASE_URL: 'postgres://127.0.0.1:5433/scriven', SCRIVEN_EMBEDDED_DATABASE: '1' }).demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: d, DATABASE_URL: 'postgres://127.0.0.1:5433/scriven', SCRIVEN_EMBEDDED_DATABASE: '1', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_URL: 'https://videos.example' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: d, DATABASE_URL: 'postgres://127.0.0.1:5433/scriven', SCRIVEN_EMBEDDED_DATABASE: '1', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('stops with a sentence naming each bad value', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ DATA_DIR: dir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', ADMIN_USERNAME: 'boss', JWT_SECRET: 'short' });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual([
      'PORT must be a whole number between 1 and 65535, but it is "eighty".',
      'DATABASE_URL must start with postgres:// or postgresql://, but it starts with mysql://.',
      'LOG_LEVEL must be one of debug, info, warn or error, but it is "loud".',
      'ADMIN_USERNAME is set but ADMIN_PASSWORD is not; set both or neither.',
    ]);
  });

  it('refuses a short admin password and a short JWT secret', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow('ADMIN_PASSWORD must be at least 12 characters long.');
    expect(() => loadConfig({ DATA_DIR: dir(), JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters long.');
  });
});
