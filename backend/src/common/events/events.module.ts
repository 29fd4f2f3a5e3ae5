import { Global, Module } from '@nestjs/common';
import { DomainEvents } from './domain-events.js';
import { DurableEvents } from './durable-events.js';

@Global()
@Module({ providers: [DomainEvents, DurableEvents], exports: [DomainEvents, DurableEvents] })
export class EventsModule {}
