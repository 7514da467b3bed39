import { RouterProvider } from 'react-router-dom';
import { UpdateToast } from '../components/ui/update-toast';
import { Providers } from './providers';
import { router } from './router';
import { SyncStarter } from './sync-starter';

const goToLogin = () => {
  void router.navigate('/login');
};

export function App() {
  return (
    <Providers onSignedOut={goToLogin}>
      <RouterProvider router={router} />
      <UpdateToast />
      <SyncStarter />
    </Providers>
  );
}
