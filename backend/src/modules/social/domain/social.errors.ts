import { DomainError } from '../../../common/errors/domain-error.js';

export const CannotFollowSelf = () => new DomainError('invalid', 'SOCIAL.FOLLOW_SELF', 'You cannot follow yourself');
export const UserNotFound = () => new DomainError('not_found', 'SOCIAL.USER_NOT_FOUND', 'User not found');
export const EmptySearch = () => new DomainError('invalid', 'SEARCH.EMPTY_QUERY', 'Enter something to search for', [{ field: 'q', message: 'Enter something to search for' }]);
export const SearchTooLong = () => new DomainError('invalid', 'SEARCH.QUERY_TOO_LONG', 'Searches are at most 100 characters', [{ field: 'q', message: 'Searches are at most 100 characters' }]);
/** The message of a value that is not one of `allowed`. */
export const choiceMessage = (field: string, allowed: readonly string[]) => `${field} must be one of ${allowed.join(', ')}`;
export const BadChoice = (field: string, allowed: readonly string[]) =>
  new DomainError('invalid', 'SOCIAL.BAD_CHOICE', choiceMessage(field, allowed), [{ field, message: choiceMessage(field, allowed) }]);
export const BadCursor = () => new DomainError('invalid', 'SOCIAL.BAD_CURSOR', 'This page link is not valid any more; start again from the first page', [{ field: 'cursor', message: 'Invalid cursor' }]);
