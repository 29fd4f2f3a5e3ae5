import { Alert } from '@mantine/core';
import { ChartIcon } from '../../../shared/icons';
import { ADS_MESSAGES } from '../messages';

/** The notice every tab of the Ads Manager carries: its figures are a sample (product.md §13). */
export function SampleDataNotice() {
  return (
    <Alert variant="light" color="yellow" title={ADS_MESSAGES.sampleTitle} icon={<ChartIcon />} role="note" aria-label={ADS_MESSAGES.sampleTitle}>
      {ADS_MESSAGES.sampleNotice}
    </Alert>
  );
}
