import { RouterProvider } from 'react-router-dom';
import { UpdateToast } from '../components/ui/update-toast';
import { router } from './router';

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <UpdateToast />
    </>
  );
}
