/** The Ads Manager's sample entities (seed 002 §3, "Sample data entities"): field names as the seed gives them. */

export type AdCampaignStatus = 'Active' | 'Paused';

/** An ad campaign (seed 002 §3). `ctr` is a percentage (clicks / impressions × 100); money is in dollars. */
export interface AdCampaign {
  id: string;
  name: string;
  status: AdCampaignStatus;
  budget: number;
  spent: number;
  impressions: number;
  clicks: number;
  ctr: number;
  cost_per_click: number;
  conversions: number;
  /** ISO dates (YYYY-MM-DD). */
  startDate: string;
  endDate: string;
}

/** The Ads Manager's summary (seed 002 §3), computed from the campaigns. `average_ctr` is a percentage. */
export interface AdSummary {
  total_budget: number;
  total_spent: number;
  total_impressions: number;
  total_clicks: number;
  average_ctr: number;
  total_conversions: number;
  revenue_generated: number;
}
