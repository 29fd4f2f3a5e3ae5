import { Badge } from '@mantine/core';
import type { AdCampaignStatus } from '../types';

/** A campaign's status (seed 002 §2.13): Active green, Paused grey. Display only: it is not a control. */
export function CampaignStatusBadge({ status }: { status: AdCampaignStatus }) {
  return (
    <Badge color={status === 'Active' ? 'green' : 'gray'} variant="light" data-status={status} style={{ minWidth: 'max-content' }}>
      {status}
    </Badge>
  );
}
