import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
import { ArticleSection } from '../../static-pages/components/ArticleSection';
import { MONETIZATION, count, usd } from '../constants';

const { partner, memberships, premium, superChat, payouts } = MONETIZATION;

/** `/monetization`: how creators earn, from the seeds' own figures (the app's page layout around it). */
export function MonetizationPage() {
  return (
    <Stack component="article" gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          How creators earn
        </Title>
        <Text c="dimmed">Four ways a channel on Scriven makes money, and what it takes.</Text>
      </Stack>

      <Alert color="blue" title="Where to find it">
        Signed in, open Earnings and Partner program under Creator Studio, and Premium and Memberships in the side
        navigation. Super Chat arrives with live streaming.
      </Alert>

      <ArticleSection title="Partner program: ad revenue">
        <Text>A channel can apply once it meets all four requirements:</Text>
        <List spacing={4}>
          <List.Item>{count(partner.followers)} followers</List.Item>
          <List.Item>{count(partner.watchHours)} watch hours in the past 12 months</List.Item>
          <List.Item>no active Community Guidelines strikes</List.Item>
          <List.Item>original content, which you confirm when you apply</List.Item>
        </List>
        <Text>
          Applications are reviewed within {partner.reviewDays} days. Approved partners earn from the ads shown on
          their monetized videos: {partner.creatorAdShare}% of the ad revenue goes to the creator and{' '}
          {partner.platformAdShare}% to the platform.
        </Text>
      </ArticleSection>

      <ArticleSection title="Channel memberships">
        <Text>
          Viewers support a channel every month and get the perks of its tier, at prices such as{' '}
          {memberships.prices.map(usd).join(', ')} per month. The channel owner receives{' '}
          {100 - memberships.platformFee}%; the platform keeps {memberships.platformFee}%.
        </Text>
      </ArticleSection>

      <ArticleSection title="Premium">
        <Text>
          Viewers can subscribe to Premium for {usd(premium.monthly)} a month or {usd(premium.yearly)} a year. The
          platform keeps a fee of {usd(premium.platformFeePerPayment)} per payment; the rest goes into a creator pool,
          shared out every month by how long Premium members watched each creator.
        </Text>
      </ArticleSection>

      <ArticleSection title="Super Chat">
        <Text>
          During a live stream, viewers can pay to highlight a message of up to {superChat.messageMax} characters.
          The streamer receives {100 - superChat.platformFee}%; the platform keeps {superChat.platformFee}%.
        </Text>
        <Table withTableBorder maw={360} aria-label="Super Chat prices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Size</Table.Th>
              <Table.Th>Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {superChat.tiers.map((tier) => (
              <Table.Tr key={tier.name}>
                <Table.Td>{tier.name}</Table.Td>
                <Table.Td>{usd(tier.price)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ArticleSection>

      <ArticleSection title="Getting paid">
        <Text>
          Money from a payment becomes available {payouts.pendingDays} days after it was made. Creators can request
          a payout from {usd(payouts.creatorMinimum)}; payouts take {payouts.processing}. All amounts are in US
          dollars.
        </Text>
      </ArticleSection>
    </Stack>
  );
}
