import '@testing-library/jest-dom/jest-globals';
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { server } from './src/mocks/server';
import { resetMockDb } from './src/mocks/db';

// findBy and waitFor wait up to 5 s (Testing Library's 1 s default): on a busy 2-core CI machine a save through the
// mocked API and the re-render after it once took longer than 1 s. A test that passes still ends as soon as it sees.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockDb();
  window.localStorage.clear();
  notifications.clean();
});

afterAll(() => server.close());
