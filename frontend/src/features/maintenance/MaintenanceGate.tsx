import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import type { MaintenanceStore } from './MaintenanceStore';
import { MaintenanceScreen } from './MaintenanceScreen';

/** Pages maintenance never covers: the admin console and the founder's (the server keeps answering them). */
const OPEN_PREFIXES = ['/admin', '/founder', '/ct-scriven-founder-control'];

export function openDuringMaintenance(pathname: string, search: string): boolean {
  if (new URLSearchParams(search).get('admin') === 'true') return true;
  return OPEN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The app, or the maintenance screen in its place while the instance is down (except on the admins' and founder's pages). */
export const MaintenanceGate = observer(function MaintenanceGate({ store, children }: { store: MaintenanceStore; children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (store.active && !openDuringMaintenance(pathname, search)) return <MaintenanceScreen store={store} />;
  return <>{children}</>;
});
