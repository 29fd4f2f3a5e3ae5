import { DomainError } from './domain-error.js';

/** An upload the data disk cannot hold (also what a write that hits ENOSPC answers: see ErrorFilter). */
export const noSpace = () => new DomainError('insufficient_storage', 'STORAGE.NO_SPACE', 'Not enough storage space for this upload');
