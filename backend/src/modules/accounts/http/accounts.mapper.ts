import type { Account } from '../domain/account.js';
import { toAccountView } from '../application/account-view.js';
import type { AccountResponseDto } from './accounts.dto.js';

export { photoUrl } from '../application/account-view.js';

export function toAccountResponse(a: Account): AccountResponseDto {
  return toAccountView(a);
}
