import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PATHS } from '../../shared/paths';
import { LogoMark } from '../../shared/icons';
import { useStores } from '../../stores/StoreProvider';

/**
 * The instance's logo: a link to the start (`onClick` also runs, to show the Home section). The founder's uploaded
 * logo when there is one (GET /api/app/branding), else the Scriven mark and the instance's name (the default text logo).
 */
export const Logo = observer(function Logo({ onClick }: { onClick?: () => void }) {
  const { branding } = useStores();
  useEffect(() => void branding.ensureLoaded(), [branding]);
  const logo = branding.logoUrl;
  return (
    <UnstyledButton component={Link} to={PATHS.home} onClick={onClick} aria-label={`${branding.name} home`}>
      {logo ? (
        <img src={logo} alt="" height={32} style={{ display: 'block', height: 32, width: 'auto', maxWidth: 140, objectFit: 'contain' }} />
      ) : (
        <Group gap="xs" wrap="nowrap">
          <LogoMark size={26} />
          <Text fw={700} size="lg" visibleFrom="xs">
            {branding.name}
          </Text>
        </Group>
      )}
    </UnstyledButton>
  );
});
