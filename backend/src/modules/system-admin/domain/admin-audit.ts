/** One action an admin took in the console (a flag toggled, a backup, an update, a restart, an admin granted…). */
export interface AdminAuditEntry {
  id: string;
  adminUserId: string;
  adminUsername: string | null;
  /** What was done, as a short dotted name: `feature.toggled`, `backup.created`, `update.applied`, `admin.granted`… */
  action: string;
  /** What it was done to (a flag's name, a backup's name, a version, a user id), when it names one thing. */
  target: string | null;
  /** The particulars worth keeping (the new value, the outcome); never a secret. */
  detail: Record<string, unknown> | null;
  createdAt: Date;
}

export interface AdminAuditInput {
  adminUserId: string;
  adminUsername?: string | null;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown> | null;
}

/** The audit entries of actions taken outside the console (the founder's emergency actions) name this id and the actor's name. */
export const NOT_AN_ADMIN_ID = '00000000-0000-0000-0000-000000000000';
