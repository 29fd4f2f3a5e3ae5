/** Writes every change of a use case in one transaction (one flush per use case). */
export interface UnitOfWork {
  commit(): Promise<void>;
  /** Runs fn in one database transaction; commit() inside it joins that transaction. */
  inTransaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Inside inTransaction: serialises this use case with others for the same user until the transaction ends. */
  lockUser(userId: string): Promise<void>;
}
