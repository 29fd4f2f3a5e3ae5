import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { RootStore } from '../stores/RootStore';
import { MaintenanceStore } from '../features/maintenance/MaintenanceStore';
import { MaintenanceGate } from '../features/maintenance/MaintenanceGate';

export function App() {
  const [store] = useState(() => new RootStore());
  useEffect(() => () => store.dispose(), [store]);
  // Any call answered 503 SYSTEM.MAINTENANCE shows the maintenance screen; when it is over, the session is read again.
  const [maintenance] = useState(() => new MaintenanceStore(store.api, { onEnd: () => void store.auth.loadMe() }));
  useEffect(() => () => maintenance.dispose(), [maintenance]);

  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <MaintenanceGate store={maintenance}>
          <AppRoutes />
        </MaintenanceGate>
      </BrowserRouter>
    </AppProviders>
  );
}
