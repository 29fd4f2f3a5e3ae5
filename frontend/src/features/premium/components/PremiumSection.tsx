import { observer } from 'mobx-react-lite';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { StarIcon } from '../../../shared/icons';
import { MONETIZATION, usd } from '../../monetization/constants';
import { premiumCheckoutKey } from '../../payments/PaymentsStore';
import type { PremiumPackage } from '../../payments/types';

const { premium } = MONETIZATION;

/** Seed 001 §9: the two packages, as the server charges them. */
const PACKAGES: { value: PremiumPackage; title: string; price: number; per: string }[] = [
  { value: 'monthly', title: 'Monthly', price: premium.monthly, per: 'month' },
  { value: 'yearly', title: 'Yearly', price: premium.yearly, per: 'year' },
];

/** What Premium does on this instance (product.md §8; seed 002: premium users get a badge), and nothing more. */
function Benefits() {
  return (
    <List spacing={6} aria-label="What Premium gives you">
      <List.Item>
        A Premium badge on your account and on your profile card, wherever people find you: Discover, followers lists
        and search.
      </List.Item>
      <List.Item>
        Support for the creators you watch: after a platform fee of {usd(premium.platformFeePerPayment)} per payment,
        the rest of what you pay goes into a creator pool, shared out every month by how long Premium members watched
        each creator.
      </List.Item>
    </List>
  );
}

/**
 * Premium (seed 001 §2): the monthly and yearly options with a Subscribe button each, which leads to the hosted
 * checkout; a Premium user sees instead the Premium Member card with the expiry date.
 */
export const PremiumSection = observer(function PremiumSection() {
  const { auth, payments } = useStores();
  const user = auth.user;
  if (!user) return null;

  if (user.is_premium) {
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1}>Premium</Title>
        <Card withBorder radius="md" padding="xl" component="section" aria-label="Premium Member">
          <Stack gap="sm">
            <Group gap="sm">
              <StarIcon filled size={22} />
              <Title order={2} size="h3">
                Premium Member
              </Title>
              <Badge color="yellow" variant="light">
                Premium
              </Badge>
            </Group>
            <Text>
              {user.premium_expires
                ? `Your Premium membership is active until ${formatDate(user.premium_expires)}.`
                : 'Your Premium membership is active.'}
            </Text>
            <Benefits />
          </Stack>
        </Card>
      </Stack>
    );
  }

  const lapsed = user.premium_expires;
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Premium</Title>
        <Text c="dimmed">Upgrade to Premium, monthly or yearly.</Text>
      </Stack>
      {lapsed && <Text>Your Premium membership ended on {formatDate(lapsed)}.</Text>}

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {PACKAGES.map((pkg) => (
          <Card key={pkg.value} withBorder radius="md" padding="lg" component="section" aria-label={`Premium ${pkg.title}`}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {pkg.title}
              </Title>
              <Text size="xl" fw={700}>
                {usd(pkg.price)}
                <Text span size="sm" c="dimmed" fw={400}>
                  {' '}
                  / {pkg.per}
                </Text>
              </Text>
              <Button
                onClick={() => void payments.startPremiumCheckout(pkg.value)}
                loading={payments.isStarting(premiumCheckoutKey(pkg.value))}
                disabled={payments.checkoutStarting}
                aria-label={`Subscribe ${pkg.value}`}
              >
                Subscribe
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Benefits">
        <Stack gap="sm">
          <Title order={2} size="h4">
            What you get
          </Title>
          <Benefits />
          <Text size="sm" c="dimmed">
            You pay on a secure checkout page and come back here when it is done. Premium runs for the 30 or 365 days
            you paid for; it does not renew by itself.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
});
