import { DomainError } from '../../../common/errors/domain-error.js';

export const AccountNotFound = () => new DomainError('not_found', 'ACCOUNTS.NOT_FOUND', 'Account not found');
export const ChannelNotFound = () => new DomainError('not_found', 'ACCOUNTS.CHANNEL_NOT_FOUND', 'Channel not found');
export const PrimaryNotDeletable = () => new DomainError('invalid', 'ACCOUNTS.PRIMARY_NOT_DELETABLE', 'The primary account cannot be deleted');
export const HandleTaken = () => new DomainError('conflict', 'ACCOUNTS.HANDLE_TAKEN', 'Handle is already taken');
export const AccountLimitReached = (max: number) => new DomainError('conflict', 'ACCOUNTS.LIMIT_REACHED', `You can have at most ${max} accounts`);
export const NotAnImage = () => new DomainError('invalid', 'ACCOUNTS.NOT_AN_IMAGE', 'Please select an image file');
export const PhotoTooLarge = () => new DomainError('too_large', 'ACCOUNTS.PHOTO_TOO_LARGE', 'File size must be less than 10MB');
export const PhotoUnreadable = () => new DomainError('invalid', 'ACCOUNTS.PHOTO_UNREADABLE', 'The image could not be read: it is damaged or incomplete');
export const PhotoMissing = () => new DomainError('invalid', 'ACCOUNTS.PHOTO_MISSING', 'Please select an image file');
export const BannerMissing = () => new DomainError('invalid', 'ACCOUNTS.BANNER_MISSING', 'Please select an image file');
export const BannerTooSmall = (width: number, height: number) =>
  new DomainError('invalid', 'ACCOUNTS.BANNER_TOO_SMALL', `The banner must be at least ${width}×${height} pixels`);
export const BannerTooBig = (side: number, megapixels: number) =>
  new DomainError('invalid', 'ACCOUNTS.BANNER_DIMENSIONS', `The banner must be at most ${side} pixels on a side and ${megapixels} megapixels`);
