import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import './styles/global.css';

async function start(container: HTMLElement): Promise<void> {
  // NOTE: the first render waits for the page's code. A loading spinner first would replace a pre-rendered
  // page, and hold the page itself back: React shows content no sooner than 300 ms after a fallback.
  await preloadPage(window.location.pathname).catch(() => undefined);
  const prerendered = container.hasChildNodes();
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // A pre-rendered page is on screen already: rendering it as a transition, in short tasks, keeps it
  // answering input meanwhile. Any other page renders at once, since nothing shows until it has.
  if (prerendered) startTransition(render);
  else render();
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
void start(container);
