/** Seed 001 §9 and product.md §8: prices, splits and thresholds, in US dollars. */
export const MONETIZATION = {
  partner: {
    followers: 1_000,
    watchHours: 4_000,
    reviewDays: 30,
    creatorAdShare: 55,
    platformAdShare: 45,
  },
  memberships: { prices: [1.99, 2.99, 4.99, 6.99], platformFee: 30 },
  premium: { monthly: 6.99, yearly: 69.99, platformFeePerPayment: 1 },
  superChat: {
    tiers: [
      { name: 'Small', price: 1.99 },
      { name: 'Medium', price: 4.99 },
      { name: 'Large', price: 9.99 },
      { name: 'Mega', price: 24.99 },
    ],
    messageMax: 200,
    platformFee: 20,
  },
  payouts: { creatorMinimum: 50, pendingDays: 7, processing: '3-5 business days' },
} as const;

export const usd = (amount: number) => `$${amount.toFixed(2)}`;
export const count = (n: number) => n.toLocaleString('en-US');
