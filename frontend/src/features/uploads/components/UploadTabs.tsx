import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Tabs } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { SectionId } from '../../../stores/UiStore';
import { LargeUploadForm } from './LargeUploadForm';

export type UploadTab = 'large' | 'small';

/** The large-file and small-file tabs (seed 002 §2.4, §2.14), in the upload section and the editor studio. */
export const UploadTabs = observer(function UploadTabs({ section, small }: { section: SectionId; small: ReactNode }) {
  const { ui } = useStores();
  const tab = ui.tabOf<UploadTab>(section, 'large');

  return (
    <Tabs value={tab} onChange={(value) => value && ui.setTab(section, value)} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="large">Large file upload</Tabs.Tab>
        <Tabs.Tab value="small">Small file upload</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="large">
        <LargeUploadForm />
      </Tabs.Panel>
      <Tabs.Panel value="small">{small}</Tabs.Panel>
    </Tabs>
  );
});
