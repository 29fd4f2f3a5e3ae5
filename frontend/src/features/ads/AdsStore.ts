import { makeAutoObservable } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { SAMPLE_CAMPAIGNS, SAMPLE_REVENUE_PER_CONVERSION, type SampleCampaign } from './sampleCampaigns';
import type { AdCampaign, AdSummary } from './types';

/** The columns the Campaigns table sorts by. */
export type CampaignSortKey = 'name' | 'status' | 'budget' | 'spent' | 'impressions' | 'clicks' | 'ctr' | 'cost_per_click' | 'conversions' | 'startDate';
export type SortDirection = 'asc' | 'desc';

/** Clicks per hundred impressions; 0 without impressions. */
export function clickThroughRate(clicks: number, impressions: number): number {
  return impressions > 0 ? (clicks / impressions) * 100 : 0;
}

/** A campaign of the sample with its derived figures: CTR and cost per click come from its counts, never typed in. */
export function toCampaign(sample: SampleCampaign): AdCampaign {
  return {
    ...sample,
    ctr: clickThroughRate(sample.clicks, sample.impressions),
    cost_per_click: sample.clicks > 0 ? sample.spent / sample.clicks : 0,
  };
}

/** The summary of `campaigns` (seed 002 §3, Ad summary): totals, and the CTR of all their clicks over all their impressions. */
export function summarize(campaigns: readonly AdCampaign[], revenuePerConversion = SAMPLE_REVENUE_PER_CONVERSION): AdSummary {
  const sum = (pick: (c: AdCampaign) => number) => campaigns.reduce((total, c) => total + pick(c), 0);
  const total_impressions = sum((c) => c.impressions);
  const total_clicks = sum((c) => c.clicks);
  const total_conversions = sum((c) => c.conversions);
  return {
    // Cents, so sums of dollar amounts do not drift (0.1 + 0.2).
    total_budget: Math.round(sum((c) => c.budget) * 100) / 100,
    total_spent: Math.round(sum((c) => c.spent) * 100) / 100,
    total_impressions,
    total_clicks,
    average_ctr: clickThroughRate(total_clicks, total_impressions),
    total_conversions,
    revenue_generated: Math.round(total_conversions * revenuePerConversion * 100) / 100,
  };
}

/**
 * The Ads Manager (seed 002 §2.13): hard-coded sample campaigns, the summary computed from them, and how the Campaigns
 * table is sorted. Nothing is loaded or saved; a campaign's status is display only.
 */
export class AdsStore {
  readonly campaigns: readonly AdCampaign[];
  readonly revenuePerConversion = SAMPLE_REVENUE_PER_CONVERSION;
  sortKey: CampaignSortKey = 'startDate';
  sortDirection: SortDirection = 'desc';

  constructor(readonly root: RootStore, samples: readonly SampleCampaign[] = SAMPLE_CAMPAIGNS) {
    this.campaigns = samples.map(toCampaign);
    makeAutoObservable(this, { root: false, campaigns: false, revenuePerConversion: false }, { autoBind: true });
  }

  get summary(): AdSummary {
    return summarize(this.campaigns, this.revenuePerConversion);
  }

  get activeCount(): number {
    return this.campaigns.filter((c) => c.status === 'Active').length;
  }

  /** The campaigns with the most conversions first (the Overview's top campaigns). */
  topCampaigns(count = 3): AdCampaign[] {
    return [...this.campaigns].sort((a, b) => b.conversions - a.conversions).slice(0, count);
  }

  /** The campaigns in the table's order. */
  get sortedCampaigns(): AdCampaign[] {
    const key = this.sortKey;
    const sign = this.sortDirection === 'asc' ? 1 : -1;
    return [...this.campaigns].sort((a, b) => {
      const x = a[key];
      const y = b[key];
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order * sign || a.name.localeCompare(b.name);
    });
  }

  /** Sorts by `key`; the same key again turns the order round. Text sorts A–Z first, figures highest first. */
  sortBy(key: CampaignSortKey): void {
    if (this.sortKey === key) {
      this.sortDirection = this.sortDirection === 'asc' ? 'desc' : 'asc';
      return;
    }
    this.sortKey = key;
    this.sortDirection = key === 'name' || key === 'status' ? 'asc' : 'desc';
  }
}
