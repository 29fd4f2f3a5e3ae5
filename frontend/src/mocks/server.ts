import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The mock API for tests (Node). Tests add per-test answers with `server.use(...)`. */
export const server = setupServer(...handlers);
