import { DomainError } from '../../../common/errors/domain-error.js';

/** The services a restart names (seed 000: "services (list of one of frontend, backend, all)"). */
export const RESTARTABLE_SERVICES = ['frontend', 'backend', 'all'] as const;

export const RESTART_MESSAGES = {
  services: 'services must be a list of one to three of frontend, backend, all',
  needsSupervisor: 'Restarts need the supervisor (npm start)',
  inProgress: 'A restart is already in progress',
  noAnswer: 'The supervisor did not answer; try again',
} as const;

export const restartErrors = {
  needsSupervisor: () => new DomainError('conflict', 'RESTART_NEEDS_SUPERVISOR', RESTART_MESSAGES.needsSupervisor),
  inProgress: () => new DomainError('conflict', 'RESTART_IN_PROGRESS', RESTART_MESSAGES.inProgress),
  noAnswer: () => new DomainError('unavailable', 'RESTART_NO_ANSWER', RESTART_MESSAGES.noAnswer),
};
