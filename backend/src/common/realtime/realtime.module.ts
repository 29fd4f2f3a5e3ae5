import { Global, Module } from '@nestjs/common';
import { realtimeBusProvider, REALTIME_BUS } from './realtime-bus.js';
import { RealtimeGateway } from './realtime.gateway.js';

/** The WebSocket gateway and the bus it fans out through (global: notifications now, live chat later). */
@Global()
@Module({ providers: [realtimeBusProvider, RealtimeGateway], exports: [REALTIME_BUS, RealtimeGateway] })
export class RealtimeModule {}
