import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export type OutboxStatus = 'pending' | 'sent' | 'failed';
export const MAX_MAIL_ATTEMPTS = 8;
export const REDACTED_BODY = '(removed after delivery: this mail carried a one-time link)';

export class OutboxMail {
  id: string = randomUUID();
  recipient: string;
  subject: string;
  body: string;
  sensitive = false;
  status: OutboxStatus = 'pending';
  attempts = 0;
  lastError: string | null = null;
  transport: string | null = null;
  createdAt: Date = new Date();
  nextAttemptAt: Date = new Date();
  sentAt: Date | null = null;
}

export const OutboxMailSchema = defineEntity({
  class: OutboxMail,
  tableName: 'mail_outbox',
  indexes: [{ name: 'mail_outbox_status_next_attempt_index', properties: ['status', 'nextAttemptAt'] }],
  properties: {
    id: p.uuid().primary(),
    recipient: p.string().length(254),
    subject: p.string().length(300),
    body: p.text(),
    sensitive: p.boolean().default(false),
    status: p.enum(['pending', 'sent', 'failed']).default('pending'),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    transport: p.string().length(20).nullable(),
    createdAt: p.datetime(),
    nextAttemptAt: p.datetime(),
    sentAt: p.datetime().nullable(),
  },
});
