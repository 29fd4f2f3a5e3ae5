/** Browser tests: the built app and a real server, driven in Debian's Chromium. Run with `npm run test:e2e`. */
export default {
  rootDir: '.',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } }] },
  testTimeout: 120000,
};
