import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button">
        Back to home
      </Link>
    </section>
  );
}
