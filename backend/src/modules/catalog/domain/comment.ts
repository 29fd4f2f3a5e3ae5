/** A comment on a reel, shown under the handle of the account that wrote it. */
export class MediaComment {
  id: string;
  mediaId: string;
  userId: string;
  accountId: string;
  username: string;
  content: string;
  createdAt: Date = new Date();
}
