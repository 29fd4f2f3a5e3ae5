/** Texts of the Ads Manager (seed 002 §2.13, product.md §13). */
export const ADS_MESSAGES = {
  title: 'Ads Manager',
  subtitle: 'Campaign budgets, reach and results at a glance.',
  sampleTitle: 'Sample data',
  sampleNotice: 'The Ads Manager shows sample figures; Scriven does not run ad campaigns yet.',
  statusDisplayOnly: 'Statuses are part of the sample and cannot be changed.',
  revenueNote: (perConversion: string) => `Sample figure: conversions × a sample order value of ${perConversion}. Not the platform's ad revenue.`,
} as const;

/** The three tabs of seed 002 §2.13, as `?tab=` names them. */
export const ADS_TABS = ['overview', 'campaigns', 'analytics'] as const;
export type AdsTab = (typeof ADS_TABS)[number];

export const ADS_TAB_LABELS: Record<AdsTab, string> = {
  overview: 'Overview',
  campaigns: 'Campaigns',
  analytics: 'Analytics',
};

export function isAdsTab(value: string | null | undefined): value is AdsTab {
  return (ADS_TABS as readonly string[]).includes(value ?? '');
}
