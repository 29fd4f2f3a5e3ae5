import type { Readable } from 'node:stream';
import type { Account } from './account.js';

export interface AccountRepository {
  /** The user's accounts that are not deleted, primary first, then by creation. */
  listOf(userId: string): Promise<Account[]>;
  /** The account if it exists, is not deleted and belongs to userId; null otherwise (foreign ids look absent). */
  findOwned(id: string, userId: string): Promise<Account | null>;
  /** The user's active account (not deleted), if any. */
  activeOf(userId: string): Promise<Account | null>;
  /** The user's primary account (not deleted), if any. */
  primaryOf(userId: string): Promise<Account | null>;
  /** These accounts, deleted ones left out, in no particular order. */
  findMany(ids: string[]): Promise<Account[]>;
  /** The account holding this (lower-case) handle, not deleted; null otherwise. */
  findByHandle(handle: string): Promise<Account | null>;
  handleTaken(handle: string, exceptId?: string): Promise<boolean>;
  /** The first of the candidates no account holds (one query), or null. */
  firstFreeHandle(candidates: string[]): Promise<string | null>;
  /** Serialises changes to one user's set of accounts until the current transaction ends. */
  lockOwner(userId: string): Promise<void>;
  add(account: Account): void;
  /** Makes accountId the user's only active account, in one statement; false when it is not theirs or deleted. */
  activate(userId: string, accountId: string): Promise<boolean>;
  /** Makes the primary account active again (after the active one was deleted). */
  activatePrimary(userId: string): Promise<void>;
  /** Accounts deleted by their owner whose content has not been removed yet. */
  findAwaitingPurge(olderThan: Date, limit: number): Promise<Account[]>;
  findDeleted(id: string): Promise<Account | null>;
  remove(account: Account): void;
}

/** Turns an uploaded image into what is stored: profile photos (square) and banners (wide), WebP, metadata stripped. */
export interface ImageProcessor {
  toSquareWebp(path: string, size: number): Promise<Buffer>;
  /** The image's size as it will be shown (EXIF orientation applied), read from its header; throws when unreadable. */
  dimensions(path: string): Promise<{ width: number; height: number }>;
  /** The image cover-cropped to width×height, one WebP per size asked, in that order; throws when it cannot be decoded. */
  toCoverWebp(path: string, sizes: readonly { width: number; height: number }[]): Promise<Buffer[]>;
}

export interface IncomingFile {
  stream: Readable;
}

/** A channel as the contexts that count things about it name it: the account and the user who owns it. */
export interface ChannelRef {
  accountId: string;
  userId: string;
}

/** The owner's follows (the social context registers it at start-up: accounts cannot import social). */
export interface ChannelAudience {
  followCounts(userId: string): Promise<{ followers: number; following: number }>;
  isFollowing(followerId: string, followeeId: string): Promise<boolean>;
}

/** What the channel published that the viewer may see (the catalog registers it at start-up). */
export interface ChannelContent {
  channelCounts(channel: ChannelRef, viewerUserId: string | null): Promise<{ videos: number; reels: number; totalViews: number }>;
}

export const ACCOUNT_REPOSITORY = Symbol('AccountRepository');
export const IMAGE_PROCESSOR = Symbol('ImageProcessor');
export const ACCOUNTS_UNIT_OF_WORK = Symbol('AccountsUnitOfWork');
