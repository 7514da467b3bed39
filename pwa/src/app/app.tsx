import { RouterProvider } from 'react-router-dom';
import { UpdateToast } from '../components/ui/update-toast';
import { Providers } from './providers';
import { router } from './router';

const goToLogin = () => {
  void router.navigate('/login');
};

export function App() {
  return (
    <Providers onSignedOut={goToLogin}>
      <RouterProvider router={router} />
      <UpdateToast />
    </Providers>
  );
}
