import { authHandlers } from '../features/auth/mocks';
import { adminHandlers } from '../features/admin/mocks';

/** Every feature's handlers: the whole API as the mock server answers it. */
export const handlers = [...authHandlers, ...adminHandlers];
