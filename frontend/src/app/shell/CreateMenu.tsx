import { observer } from 'mobx-react-lite';
import { Box, Button, Menu } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { ChevronDownIcon, PlusIcon } from '../../shared/icons';
import { CREATE_ITEMS } from './headerActions';
import { registeredSection } from './sections';
import { useSectionNavigation } from '../../stores/useSectionNavigation';

/**
 * The Create menu: only what exists in this build (uploads arrive with their sections; Go live opens /live on Go Live).
 * Below the `sm` breakpoint its button shows the plus alone, so the header fits a phone (390 px) whole.
 */
export const CreateMenu = observer(function CreateMenu() {
  const { notify, features } = useStores();
  const { openSection } = useSectionNavigation();
  const navigate = useNavigate();

  const items = CREATE_ITEMS.flatMap((item) => {
    if (item.features?.some((feature) => !features.isEnabled(feature))) return [];
    if ('toast' in item) return [{ label: item.label, icon: item.icon, run: () => notify.info(item.toast, { action: 'header.create' }) }];
    if ('path' in item) return [{ label: item.label, icon: item.icon, run: () => navigate(item.path) }];
    const section = registeredSection(item.section);
    return section ? [{ label: item.label, icon: item.icon, run: () => openSection(section, item.tab) }] : [];
  });

  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <Button variant="default" aria-label="Create" px={{ base: 9, sm: 'md' }}>
          <PlusIcon size={16} />
          <Box component="span" visibleFrom="sm" ml={8} data-testid="create-label">
            Create
          </Box>
          <Box component="span" visibleFrom="sm" ml={8} lh={0}>
            <ChevronDownIcon size={14} />
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map(({ label, icon: Icon, run }) => (
          <Menu.Item key={label} leftSection={<Icon size={16} />} onClick={run}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
});
