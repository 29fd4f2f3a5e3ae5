import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';

const TTL_SECONDS = 6 * 3600;

/**
 * Capability tokens for media URLs. A <video> or <img> element cannot send the Authorization header, so the URLs
 * given to someone allowed to see a non-public item (its owner; any signed-in viewer for movies) carry `?t=`, an HMAC
 * of the item, the viewer and an expiry. Public ready items need none.
 */
@Injectable()
export class MediaAccess {
  private readonly key: Buffer;
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('scriven-media-access').digest();
  }

  sign(mediaId: string, userId: string, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + TTL_SECONDS;
    const mac = createHmac('sha256', this.key).update(`${mediaId}.${userId}.${exp}`).digest('base64url').slice(0, 32);
    return `${Buffer.from(userId).toString('base64url')}.${exp}.${mac}`;
  }

  /** The user the token was made for, when it is genuine, unexpired and for this item. */
  verify(mediaId: string, token: unknown, now = Date.now()): string | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const [user64, expText, mac] = token.split('.');
    const exp = Number(expText);
    if (!user64 || !mac || !Number.isInteger(exp) || exp < now / 1000) return null;
    const userId = Buffer.from(user64, 'base64url').toString('utf8');
    const expected = createHmac('sha256', this.key).update(`${mediaId}.${userId}.${exp}`).digest('base64url').slice(0, 32);
    const a = Buffer.from(mac);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b) ? userId : null;
  }
}
