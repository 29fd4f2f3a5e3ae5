import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { RootStore } from '../stores/RootStore';

export function App() {
  const [store] = useState(() => new RootStore());
  useEffect(() => () => store.dispose(), [store]);

  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
