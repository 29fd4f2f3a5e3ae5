import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import {
  BadReturnUrl,
  PAYMENT_PROVIDER,
  PAYMENT_SESSIONS,
  SESSION_MINUTES,
  SessionNotFound,
  type CheckoutInput,
  type Fulfiller,
  type PaymentProvider,
  type PaymentPurpose,
  type PaymentSession,
  type PaymentSessionStore,
} from '../domain/payments.js';

/** A loopback or private-network address (what a self-hosted instance without PUBLIC_URL is reached at). */
export function isLocalOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host === '::1') return true;
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** The `type` a return address carries, per seed 001 §2. */
const RETURN_TYPE: Record<PaymentPurpose, string> = { premium: 'premium', membership: 'membership', super_chat: 'super_chat' };

/**
 * Checkout, status and fulfilment. A paid session is fulfilled exactly once, whichever comes first (the webhook, the
 * status poll, the sandbox page, or the sweeper): the fulfilment takes the session's row lock, runs the purpose's
 * fulfiller and marks the session fulfilled in one transaction, and the ledger's idempotency key backs it up.
 */
@Injectable()
export class PaymentsService implements OnModuleInit {
  private readonly logger = new Logger('Payments');
  private readonly fulfillers = new Map<PaymentPurpose, Fulfiller>();

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENT_SESSIONS) private readonly sessions: PaymentSessionStore,
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
    private readonly events: DurableEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.on('payments.webhook-received', (p) => this.processWebhook(p));
  }

  get providerName(): 'sandbox' | 'stripe' {
    return this.provider.name;
  }

  registerFulfiller(purpose: PaymentPurpose, fulfiller: Fulfiller): void {
    this.fulfillers.set(purpose, fulfiller);
  }

  /** Checks that the return address belongs to this site (no open redirect through a payment page). */
  returnOrigin(originUrl: string, siteOrigins: string[]): URL {
    let u: URL;
    try {
      u = new URL(originUrl);
    } catch {
      throw new BadReturnUrl();
    }
    // PUBLIC_URL, when configured, is the only way back. Without it (a local or LAN instance), the address the page
    // was reached at also counts, but only a loopback or private one: a Host header is the client's to choose.
    const allowed = new Set([new URL(this.config.publicUrl).origin]);
    if (!this.config.publicUrlConfigured) for (const o of siteOrigins) if (isLocalOrigin(o)) allowed.add(o);
    if (!['http:', 'https:'].includes(u.protocol) || !allowed.has(u.origin) || originUrl.length > 2000) throw new BadReturnUrl();
    for (const k of ['session_id', 'type', 'cancelled']) u.searchParams.delete(k);
    u.hash = '';
    return u;
  }

  async createCheckout(input: CheckoutInput, siteOrigins: string[]): Promise<{ url: string; sessionId: string }> {
    const origin = this.returnOrigin(input.originUrl, siteOrigins);
    const type = RETURN_TYPE[input.purpose];
    const back = (params: string) => `${origin.toString()}${origin.search ? '&' : '?'}${params}`;
    const expiresAt = new Date(Date.now() + SESSION_MINUTES * 60_000);
    const checkout = await this.provider.createCheckout({
      ...input,
      originUrl: origin.toString(),
      siteOrigin: origin.origin,
      returnUrl: back(`session_id={CHECKOUT_SESSION_ID}&type=${type}`),
      cancelUrl: back(`cancelled=true&type=${type}`),
      expiresAt,
    });
    await this.sessions.insert({
      id: checkout.id,
      userId: input.userId,
      provider: this.provider.name,
      purpose: input.purpose,
      package: input.package,
      packageName: input.packageName,
      amountCents: input.amountCents,
      currency: 'usd',
      reference: input.reference,
      originUrl: origin.toString(),
      status: 'open',
      paymentStatus: 'unpaid',
      createdAt: new Date(),
      expiresAt: checkout.expiresAt,
      paidAt: null,
      fulfilledAt: null,
    });
    return { url: checkout.url, sessionId: checkout.id };
  }

  /** A user's own session, brought up to date with the provider, and fulfilled if it was paid. */
  async status(sessionId: string, userId: string): Promise<PaymentSession> {
    let s = await this.sessions.find(sessionId);
    if (!s || s.userId !== userId) throw new SessionNotFound();
    // Only the provider that made the session can say what became of it (an instance may have switched provider).
    if (s.status === 'open' && s.paymentStatus === 'unpaid' && s.provider === this.provider.name) {
      const remote = await this.provider.retrieve(s.id);
      if (remote?.paymentStatus === 'paid') await this.sessions.markPaid(s.id);
      else if (remote?.status === 'expired' || (!remote && s.expiresAt.getTime() < Date.now())) await this.sessions.close(s.id, 'expired');
    }
    s = (await this.sessions.find(sessionId))!;
    if (s.paymentStatus === 'paid' && !s.fulfilledAt) {
      try {
        s = await this.fulfil(s.id);
      } catch (e) {
        // The money is in: the buyer reads paid, and the sweeper finishes the fulfilment within a minute.
        this.logger.error(`fulfilling ${s.id} failed, the sweeper will retry: ${(e as Error).message}`);
      }
    }
    return s;
  }

  /** Runs the fulfilment of a paid session once; returns the session as it now is. */
  async fulfil(sessionId: string, attempt = 1): Promise<PaymentSession> {
    const afterCommit: (() => Promise<void>)[] = [];
    const result = await this.em.transactional(async () => {
      const s = await this.sessions.find(sessionId, { lock: true });
      if (!s) throw new SessionNotFound();
      if (s.paymentStatus !== 'paid' || s.fulfilledAt) return s;
      const fulfiller = this.fulfillers.get(s.purpose);
      if (!fulfiller) throw new Error(`no fulfiller for ${s.purpose}`);
      const after = await fulfiller(s);
      if (after) afterCommit.push(after);
      await this.sessions.markFulfilled(s.id);
      return { ...s, fulfilledAt: new Date() };
    }).catch(async (e: unknown) => {
      // A deadlock or serialisation failure rolled everything back: run it again, a few times.
      const code = (e as { code?: string }).code;
      if ((code === '40P01' || code === '40001' || /deadlock detected/.test(String((e as Error).message))) && attempt < 4) {
        await new Promise((r) => setTimeout(r, 20 * attempt));
        return this.fulfil(sessionId, attempt + 1);
      }
      throw e;
    });
    // Committed: the fulfilment stands whatever happens here.
    for (const after of afterCommit) await after().catch((e: Error) => this.logger.warn(`after fulfilling ${sessionId}: ${e.message}`));
    return result;
  }

  /** The sandbox page's buttons: where the browser goes next. */
  async sandboxAction(sessionId: string, action: 'pay' | 'decline' | 'cancel'): Promise<string> {
    const s = await this.sessions.find(sessionId);
    if (!s || s.provider !== 'sandbox') throw new SessionNotFound();
    const origin = new URL(s.originUrl);
    const back = (params: string) => `${origin.toString()}${origin.search ? '&' : '?'}${params}`;
    const type = RETURN_TYPE[s.purpose];
    if (s.status === 'open' && s.paymentStatus === 'unpaid' && s.expiresAt.getTime() < Date.now()) await this.sessions.close(s.id, 'expired');
    if (action === 'pay') {
      // Only an open session can be paid; paying twice (a double click, a back button) changes nothing.
      await this.sessions.markPaid(s.id, { onlyOpen: true });
      if ((await this.sessions.find(s.id))?.paymentStatus === 'paid') await this.fulfil(s.id);
      return back(`session_id=${encodeURIComponent(s.id)}&type=${type}`);
    }
    if (action === 'decline') {
      await this.sessions.close(s.id, 'failed');
      return back(`session_id=${encodeURIComponent(s.id)}&type=${type}`);
    }
    await this.sessions.close(s.id, 'expired');
    return back(`cancelled=true&type=${type}`);
  }

  async sandboxSession(sessionId: string): Promise<PaymentSession> {
    const s = await this.sessions.find(sessionId);
    if (!s || s.provider !== 'sandbox') throw new SessionNotFound();
    if (s.status === 'open' && s.paymentStatus === 'unpaid' && s.expiresAt.getTime() < Date.now()) {
      await this.sessions.close(s.id, 'expired');
      return { ...s, status: 'expired' };
    }
    return s;
  }

  /**
   * A verified webhook is recorded once (by the provider's event id) and answered at once. The work is a durable
   * event written in the same transaction: dispatched by this process right after commit, and by a backstop job or
   * the sweeper if the process dies first.
   */
  async receiveWebhook(rawBody: string, signature: string): Promise<void> {
    const event = this.provider.verifyWebhook(rawBody, signature);
    await this.em.transactional(async () => {
      const fresh = await this.sessions.recordWebhook(event.id, event.type, event.sessionId);
      if (!fresh) return;
      if (event.sessionId) this.events.record('payments.webhook-received', { eventId: event.id, type: event.type, sessionId: event.sessionId });
      else await this.sessions.webhookProcessed(event.id);
    });
  }

  async processWebhook(data: { eventId: string; type: string; sessionId: string }): Promise<void> {
    const s = await this.sessions.find(data.sessionId);
    if (s) {
      // The provider is the source of truth: ask it rather than trusting the event's copy of the session.
      const remote = await this.provider.retrieve(s.id);
      if (remote?.paymentStatus === 'paid') {
        await this.sessions.markPaid(s.id);
        await this.fulfil(s.id);
      } else if (remote?.status === 'expired') await this.sessions.close(s.id, 'expired');
      else if (data.type === 'checkout.session.async_payment_failed') await this.sessions.close(s.id, 'failed');
    }
    await this.sessions.webhookProcessed(data.eventId);
  }

  /** Every minute: close sandbox sessions past their 30 minutes, settle Stripe ones, and finish any paid session left unfulfilled by a crash. */
  @Interval(60_000)
  async sweep(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    await RequestContext.create(this.orm.em, async () => {
      // Each item on its own: one session that keeps failing must not hold up the others.
      const each = async (what: string, fn: () => Promise<unknown>) => {
        try {
          await fn();
        } catch (e) {
          this.logger.warn(`payment sweep, ${what}: ${(e as Error).message}`);
        }
      };
      await each('expiry', () => this.sessions.expireDue(new Date()));
      if (this.provider.name === 'stripe') {
        for (const id of await this.sessions.openStripeSessionsDue(new Date(), 50)) {
          await each(id, async () => {
            const remote = await this.provider.retrieve(id);
            if (remote?.paymentStatus === 'paid') await this.sessions.markPaid(id);
            // Past its time and not paid: closed, so it leaves this list (a late async payment still marks it paid).
            else await this.sessions.close(id, 'expired');
          });
        }
      }
      for (const id of await this.sessions.unfulfilledPaid(100)) await each(id, () => this.fulfil(id));
    });
  }
}
