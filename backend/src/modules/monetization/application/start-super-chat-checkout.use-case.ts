import { Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { LiveFacade } from '../../live/live.facade.js';
import { PaymentsFacade } from '../../payments/payments.facade.js';
import { moneyErrors } from '../domain/rules.js';

/**
 * A viewer starts a Super Chat checkout: live checks the message, the package and the stream (open, taking Super
 * Chats, not the viewer's own) and says what it costs; payments makes the hosted checkout. Never through Stripe to a
 * demo user's stream (DEMO_DATA's creators: no real person would get the money); the sandbox takes no money, so demo
 * streams stay open to it.
 */
@Injectable()
export class StartSuperChatCheckoutUseCase {
  constructor(
    private readonly live: LiveFacade,
    private readonly payments: PaymentsFacade,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(userId: string, input: { streamId: string; packageId: unknown; message: unknown; originUrl: string }, siteOrigins: string[]): Promise<{ url: string; sessionId: string }> {
    const order = await this.live.prepareSuperChat(userId, { streamId: input.streamId, packageId: input.packageId, message: input.message });
    if (this.payments.provider === 'stripe' && (await this.identity.isDemoUser(order.streamerUserId))) throw moneyErrors.demoStream();
    return this.payments.checkout(
      {
        userId,
        purpose: 'super_chat',
        package: order.packageId,
        packageName: order.packageName,
        amountCents: order.amountCents,
        reference: { streamId: order.streamId, streamerUserId: order.streamerUserId, message: order.message },
        originUrl: input.originUrl,
      },
      siteOrigins,
    );
  }
}
