import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { RoutedApp } from './app/app';
import { preloadPage } from './app/router';

/** A page as a first-time visitor sees it before the app's code runs (signed out, nothing loaded yet). */
export async function prerender(pathname: string): Promise<string> {
  await preloadPage(pathname);
  return renderToString(
    <StaticRouter location={pathname}>
      <RoutedApp />
    </StaticRouter>,
  );
}
