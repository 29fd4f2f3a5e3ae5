/** Writes every change of a use case in one transaction (one flush per use case). */
export interface UnitOfWork {
  commit(): Promise<void>;
}
