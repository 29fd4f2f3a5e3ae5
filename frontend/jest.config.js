/**
 * Jest runs the tests as native ES modules (the `test` script passes --experimental-vm-modules).
 * @swc/jest compiles TypeScript and JSX; the ESM-only packages in node_modules are compiled too.
 * @type {import('jest').Config}
 */
// A fixed time zone well east of UTC (jest.config.js runs before the workers start, which inherit it): the local
// date and the UTC date differ for half of each day, so code that must count on the server's UTC calendar day
// cannot pass by accident on a machine set to UTC, and date tests give the same result on every machine.
process.env.TZ = 'Pacific/Auckland';

const esmOnlyPackages = ['openapi-fetch', 'openapi-msw', 'msw', '@mswjs', 'rettime', 'until-async', '@open-draft'];

const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
};

export default {
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', swc],
    '^.+\\.mjs$': ['@swc/jest', swc],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  moduleNameMapper: {
    '\\.(css)$': 'identity-obj-proxy',
    // Vite asset addresses (the demo clips of QA mode).
    '\\.(mp4|webm)(\\?url)?$': '<rootDir>/src/test/assetStub.ts',
  },
  setupFiles: ['<rootDir>/jest.polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  clearMocks: true,
  restoreMocks: true,
  // With one worker (a 2-core machine) Jest would run every file in its main process, whose heap grows by 50-100 MB a
  // file (jsdom windows, module graphs) to well over 1 GB, where garbage collection slows every test. With a limit the
  // files run in a worker that is replaced once it holds more than this after a file.
  workerIdleMemoryLimit: '700MB',
  // Whole-app tests (routes, stores, the mocked API) take 1-4 s on a quiet machine; a busy CI machine is slower.
  testTimeout: 20_000,
};
