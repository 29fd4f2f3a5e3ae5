import { authHandlers } from '../features/auth/mocks';
import { adminHandlers } from '../features/admin/mocks';
import { accountsHandlers } from '../features/accounts/mocks';
import { feedbackHandlers } from '../features/feedback/mocks';

/** Every feature's handlers: the whole API as the mock server answers it. */
export const handlers = [...authHandlers, ...adminHandlers, ...accountsHandlers, ...feedbackHandlers];
