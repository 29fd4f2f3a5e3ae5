import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MaintenanceGuard } from './maintenance.guard.js';
import { MaintenanceMode } from './maintenance-mode.js';

/** Maintenance mode for every context: the switch every process follows (MaintenanceMode) and the global 503 guard. */
@Global()
@Module({ providers: [MaintenanceMode, { provide: APP_GUARD, useClass: MaintenanceGuard }], exports: [MaintenanceMode] })
export class MaintenanceModule {}
