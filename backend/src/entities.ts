import { OutboxEventSchema } from './common/events/durable-events.js';
import { OutboxMailSchema } from './common/mail/outbox-mail.js';
import { ACCOUNTS_ENTITIES } from './modules/accounts/infrastructure/account.schema.js';
import { IDENTITY_ENTITIES } from './modules/identity/infrastructure/identity.schemas.js';
import { SYSTEM_ADMIN_ENTITIES } from './modules/system-admin/infrastructure/feedback.schema.js';
import { CATALOG_ENTITIES } from './modules/catalog/infrastructure/catalog.schemas.js';
import { UPLOAD_ENTITIES } from './modules/upload/infrastructure/upload-session.schema.js';

/** Every persisted entity, gathered at the composition root. */
export const ENTITIES = [...IDENTITY_ENTITIES, ...ACCOUNTS_ENTITIES, ...SYSTEM_ADMIN_ENTITIES, ...CATALOG_ENTITIES, ...UPLOAD_ENTITIES, OutboxMailSchema, OutboxEventSchema];
