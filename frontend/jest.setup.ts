import '@testing-library/jest-dom/jest-globals';
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { server } from './src/mocks/server';
import { resetMockDb } from './src/mocks/db';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockDb();
  window.localStorage.clear();
  notifications.clean();
});

afterAll(() => server.close());
