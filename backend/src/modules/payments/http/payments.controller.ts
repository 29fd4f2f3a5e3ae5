import { Controller, Get, Headers, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formatDollars } from '../../../common/money.js';
import { PaymentsService } from '../application/payments.service.js';
import { SessionNotFound, type PaymentSession } from '../domain/payments.js';
import { PaymentStatusResponseDto, SubscriptionStatusResponseDto, WebhookReceivedDto } from './payments.dto.js';

const SESSION_ID = /^[A-Za-z0-9_-]{1,255}$/;

function checkId(id: string): string {
  if (!SESSION_ID.test(id)) throw new SessionNotFound();
  return id;
}

@ApiTags('payments')
@Controller('api')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** The state of one of your checkout sessions (premium and Super Chat returns poll it). Paid sessions are fulfilled here if the webhook has not come yet. */
  @Get('payments/status/:sessionId')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PaymentStatusResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getPaymentStatus(@CurrentPrincipal() p: Principal, @Param('sessionId') id: string): Promise<PaymentStatusResponseDto> {
    const s = await this.payments.status(checkId(id), p.userId);
    return { payment_status: s.paymentStatus, status: s.status };
  }

  /** The same, with the package's name (membership returns poll it). */
  @Get('subscriptions/status/:sessionId')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: SubscriptionStatusResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getSubscriptionStatus(@CurrentPrincipal() p: Principal, @Param('sessionId') id: string): Promise<SubscriptionStatusResponseDto> {
    const s = await this.payments.status(checkId(id), p.userId);
    return { payment_status: s.paymentStatus, status: s.status, package_name: s.packageName };
  }

  /** Stripe's webhook: verified against the signing secret over the raw body, recorded once, answered at once; a durable job fulfils. */
  @Post('payments/webhook')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: WebhookReceivedDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async receivePaymentWebhook(@Req() req: Request & { rawBody?: string }, @Headers('stripe-signature') signature?: string): Promise<WebhookReceivedDto> {
    await this.payments.receiveWebhook(req.rawBody ?? '', signature ?? '');
    return { received: true };
  }

  /** The sandbox provider's hosted checkout page. */
  @Get('payments/sandbox/checkout/:sessionId')
  @ApiExcludeEndpoint()
  async showSandboxCheckout(@Param('sessionId') id: string, @Res() reply: Response): Promise<void> {
    let session: PaymentSession | null = null;
    try {
      session = await this.payments.sandboxSession(checkId(id));
    } catch {
      session = null;
    }
    reply.status(session ? 200 : 404);
    reply.setHeader('Cache-Control', 'no-store');
    // A page, not JSON: its own inline styles and forms to itself, nothing else (no script at all).
    reply.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    reply.setHeader('Content-Type', 'text/html; charset=utf-8');
    reply.send(checkoutPage(session));
  }

  @Post('payments/sandbox/checkout/:sessionId/:action')
  @ApiExcludeEndpoint()
  async actOnSandboxCheckout(@Param('sessionId') id: string, @Param('action') action: string, @Res() reply: Response): Promise<void> {
    if (!['pay', 'decline', 'cancel'].includes(action)) throw new SessionNotFound();
    const next = await this.payments.sandboxAction(checkId(id), action as 'pay' | 'decline' | 'cancel');
    reply.setHeader('Location', next);
    reply.setHeader('Cache-Control', 'no-store');
    reply.status(303).end();
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(s: PaymentSession | null): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Scriven sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#1a1b1e}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;max-width:420px;width:100%}
h1{font-size:20px;margin:0 0 4px}.sub{color:#6b7280;font-size:14px;margin:0 0 24px}.item{display:flex;justify-content:space-between;font-size:16px;padding:12px 0;border-top:1px solid #eee;border-bottom:1px solid #eee}
.price{font-weight:700}.note{font-size:13px;color:#6b7280;margin:16px 0}form{display:inline}button{font-size:15px;border-radius:8px;padding:10px 18px;border:1px solid #d1d5db;background:#fff;cursor:pointer;margin:4px 8px 0 0}
button.pay{background:#228be6;border-color:#228be6;color:#fff}</style></head><body><main>`;
  if (!s) return `${head}<h1>Checkout not found</h1><p class="sub">This payment link is not valid.</p></main></body></html>`;
  const title = `<h1>Scriven sandbox checkout</h1><p class="sub">Test payments: no card is charged.</p><div class="item"><span>${esc(s.packageName)}</span><span class="price">${formatDollars(s.amountCents)}</span></div>`;
  if (s.status !== 'open' || s.paymentStatus === 'paid') {
    const said = s.paymentStatus === 'paid' ? 'This checkout has been paid.' : s.status === 'failed' ? 'This payment was declined.' : 'This checkout session has expired.';
    return `${head}${title}<p class="note">${said}</p><form method="post" action="/api/payments/sandbox/checkout/${esc(s.id)}/${s.paymentStatus === 'paid' ? 'pay' : 'cancel'}"><button type="submit">Return to Scriven</button></form></main></body></html>`;
  }
  const minutes = Math.max(0, Math.ceil((s.expiresAt.getTime() - Date.now()) / 60_000));
  const action = (a: string, label: string, cls = '') => `<form method="post" action="/api/payments/sandbox/checkout/${esc(s.id)}/${a}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  return `${head}${title}<p class="note">This session expires in ${minutes} minute${minutes === 1 ? '' : 's'}.</p>${action('pay', `Pay ${formatDollars(s.amountCents)}`, 'pay')}${action('decline', 'Decline')}${action('cancel', 'Cancel')}</main></body></html>`;
}
