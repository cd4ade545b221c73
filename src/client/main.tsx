// First: it must run before any shared schema is built (see the module).
import './lib/zod-without-eval.ts';
import './lib/preact-as-react.ts';
// Before the router listens to the history: Back must reach this module first (see it).
import './lib/back-closes-dialogs.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreenAt } from './app/router.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

preloadScreenAt(window.location.pathname);

// The page's own loading screen (index.html) goes as the app draws its first frame, in the same
// task: no frame shows an empty window between them, and nothing of it is left for the app's
// rendering to reuse.
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
