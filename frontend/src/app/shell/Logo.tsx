import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PATHS } from '../../shared/paths';
import { LogoMark } from '../../shared/icons';

/** The Scriven mark and name: a link to the start (`onClick` also runs, to show the Home section). */
export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <UnstyledButton component={Link} to={PATHS.home} onClick={onClick} aria-label="Scriven home">
      <Group gap="xs" wrap="nowrap">
        <LogoMark size={26} />
        <Text fw={700} size="lg" visibleFrom="xs">
          Scriven
        </Text>
      </Group>
    </UnstyledButton>
  );
}
