import { observer } from 'mobx-react-lite';
import { Anchor, Box, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { PATHS } from '../../shared/paths';

interface FooterLink {
  label: string;
  to: string;
}

/** The footer's groups (seed 000 §2): only pages that exist. */
const FOOTER_GROUPS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'Platform',
    links: [
      { label: 'Home', to: PATHS.home },
      { label: 'Help', to: PATHS.help },
    ],
  },
  { title: 'Monetization', links: [{ label: 'How creators earn', to: PATHS.monetization }] },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: PATHS.terms },
      { label: 'Privacy Policy', to: PATHS.privacy },
      { label: 'Community Guidelines', to: PATHS.guidelines },
    ],
  },
];

/** The footer on the landing and every signed-in page: Platform, Monetization, Legal and the copyright line. */
export const AppFooter = observer(function AppFooter() {
  const { ui } = useStores();
  const year = new Date().getFullYear();

  return (
    <Box component="footer" mt="xl" pt="lg" pb="md">
      <Divider mb="lg" />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg" maw={720}>
        {FOOTER_GROUPS.map((group) => (
          <Stack key={group.title} gap={6} component="nav" aria-label={group.title}>
            <Text size="sm" fw={700}>
              {group.title}
            </Text>
            {group.links.map((link) => (
              <Anchor
                key={link.to}
                component={Link}
                to={link.to}
                size="sm"
                c="dimmed"
                onClick={link.to === PATHS.home ? () => ui.setSection('home') : undefined}
              >
                {link.label}
              </Anchor>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
      <Group mt="lg">
        <Text size="xs" c="dimmed">
          © {year} Scriven
        </Text>
      </Group>
    </Box>
  );
});
