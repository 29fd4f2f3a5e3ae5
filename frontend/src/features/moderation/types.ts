import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type ReportDto = Schemas['ReportDto'];
/** The creator's own strike, with its appeal. */
export type Strike = Schemas['StrikeDto'];
export type StrikeAppeal = Schemas['StrikeAppealDto'];
/** A strike as the console shows it: with whose it is. */
export type AdminStrike = Schemas['AdminStrikeDto'];
/** The reports of one item, grouped, with the content as it was first reported. */
export type ModerationCase = Schemas['CaseDto'];
export type ContentSnapshot = Schemas['ContentSnapshotDto'];
export type ReportEntry = Schemas['ReportEntryDto'];
export type AuditEntry = Schemas['AuditEntryDto'];
