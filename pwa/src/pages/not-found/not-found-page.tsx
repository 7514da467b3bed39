import { NotFoundPanel } from '../../components/ui/not-found-panel';

export function NotFoundPage() {
  return (
    <NotFoundPanel title="Page not found" code="404" ways={[{ to: '/', label: 'Back to home' }]}>
      <p>The page you are looking for does not exist or has moved.</p>
    </NotFoundPanel>
  );
}
