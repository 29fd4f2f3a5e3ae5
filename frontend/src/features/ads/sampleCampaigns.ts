import type { AdCampaign } from './types';

/**
 * The Ads Manager's sample campaigns (seed 002 §2.13: "Figures are hard-coded"; product.md §13). Only the figures an
 * ad server would count are typed in; `ctr` and `cost_per_click` are worked out from them (AdsStore), so no figure on
 * screen can disagree with another. Scriven does not run ad campaigns: nothing here comes from the server.
 */
export type SampleCampaign = Omit<AdCampaign, 'ctr' | 'cost_per_click'>;

export const SAMPLE_CAMPAIGNS: readonly SampleCampaign[] = [
  {
    id: 'cmp-spring-creators',
    name: 'Spring Creator Launch',
    status: 'Active',
    budget: 12_000,
    spent: 8_430.5,
    impressions: 1_284_000,
    clicks: 31_240,
    conversions: 1_412,
    startDate: '2026-03-01',
    endDate: '2026-05-31',
  },
  {
    id: 'cmp-gaming-preroll',
    name: 'Gaming Hub Pre-roll',
    status: 'Active',
    budget: 8_500,
    spent: 7_912.25,
    impressions: 946_500,
    clicks: 28_870,
    conversions: 1_038,
    startDate: '2026-04-15',
    endDate: '2026-07-15',
  },
  {
    id: 'cmp-cinema-trailers',
    name: 'Cinema Room Trailers',
    status: 'Paused',
    budget: 6_000,
    spent: 3_105.8,
    impressions: 402_300,
    clicks: 6_840,
    conversions: 215,
    startDate: '2026-02-10',
    endDate: '2026-04-30',
  },
  {
    id: 'cmp-shorts-discovery',
    name: 'Shorts Discovery Boost',
    status: 'Active',
    budget: 4_500,
    spent: 2_260.4,
    impressions: 1_530_200,
    clicks: 52_400,
    conversions: 1_966,
    startDate: '2026-05-01',
    endDate: '2026-06-30',
  },
  {
    id: 'cmp-premium-retarget',
    name: 'Premium Trial Retargeting',
    status: 'Active',
    budget: 5_200,
    spent: 4_870,
    impressions: 215_800,
    clicks: 9_710,
    conversions: 874,
    startDate: '2026-01-20',
    endDate: '2026-06-20',
  },
  {
    id: 'cmp-live-sponsorship',
    name: 'Live Stream Sponsorship',
    status: 'Paused',
    budget: 3_000,
    spent: 1_245.75,
    impressions: 188_900,
    clicks: 3_020,
    conversions: 96,
    startDate: '2026-03-15',
    endDate: '2026-05-15',
  },
  {
    id: 'cmp-tutorials-autumn',
    name: 'Back-to-School Tutorials',
    status: 'Active',
    budget: 7_800,
    spent: 1_980.6,
    impressions: 310_450,
    clicks: 8_120,
    conversions: 402,
    startDate: '2026-08-20',
    endDate: '2026-10-31',
  },
];

/**
 * The sample's order value: the sample's revenue is its conversions times this figure, labelled as sample wherever
 * it shows. It is not the platform's ad revenue.
 */
export const SAMPLE_REVENUE_PER_CONVERSION = 18.5;
