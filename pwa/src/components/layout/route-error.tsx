import { Navbar } from './navbar';

// Shown when a page throws or its code cannot be loaded (for example after a deploy replaced the chunks).
export function RouteError() {
  return (
    <div className="site">
      <Navbar />
      <main className="site-main page">
        <h1>Something went wrong</h1>
        <p>The page could not be shown. Reloading usually helps.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    </div>
  );
}
