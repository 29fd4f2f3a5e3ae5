import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Center } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { FullPageLoader } from '../../../shared/FullPageLoader';
import { AdminDashboard } from '../components/AdminDashboard';
import { AdminLoginForm } from '../components/AdminLoginForm';

/** `/admin` and any URL with `?admin=true`: admin sign-in, then the console. */
export const AdminConsolePage = observer(function AdminConsolePage() {
  const { admin } = useStores();

  useEffect(() => {
    void admin.init();
  }, [admin]);

  if (admin.isResolving) return <FullPageLoader label="Checking admin session" />;
  if (!admin.isSignedIn) {
    return (
      <Center mih="100vh" p="md">
        <AdminLoginForm />
      </Center>
    );
  }
  return <AdminDashboard />;
});
