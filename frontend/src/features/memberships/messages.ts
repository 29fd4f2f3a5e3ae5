/** Texts of the Memberships section: seed 001 §8 where it gives them, else the section's own. */
export const MEMBERSHIP_MESSAGES = {
  loadFailed: 'Failed to load memberships',
  membersLoadFailed: 'Failed to load members',
  tierAdded: (name: string) => `Tier ${name} added`,
  tierAddFailed: (detail: string) => `Failed to add tier: ${detail}`,
  tierRetired: (name: string) => `Tier ${name} retired`,
  retireFailed: (detail: string) => `Failed to retire tier: ${detail}`,
  nameRequired: 'Tier name is required',
  priceRequired: 'Price is required',
  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',
} as const;

/** The server's limits on a tier (CreateTierRequestDto). */
export const TIER_LIMITS = { nameMax: 50, descriptionMax: 300, minPrice: 0.99, maxPrice: 499.99 } as const;
