import { OutboxMailSchema } from './common/mail/outbox-mail.js';
import { ACCOUNTS_ENTITIES } from './modules/accounts/infrastructure/account.schema.js';
import { IDENTITY_ENTITIES } from './modules/identity/infrastructure/identity.schemas.js';

/** Every persisted entity, gathered at the composition root. */
export const ENTITIES = [...IDENTITY_ENTITIES, ...ACCOUNTS_ENTITIES, OutboxMailSchema];
