import type { Provider } from '@nestjs/common';
import { SystemStatusQuery } from '../application/status.query.js';
import { STATUS_PROBES } from '../domain/status.js';
import { LocalStatusProbes } from './status-probes.js';

/** The Status tab's providers: the probes (background CPU sampling and media measuring) and the query. */
export const STATUS_PROVIDERS: Provider[] = [LocalStatusProbes, { provide: STATUS_PROBES, useExisting: LocalStatusProbes }, SystemStatusQuery];
