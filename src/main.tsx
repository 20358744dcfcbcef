/**
 * Browser entry: restores the session, connects the API client to it, and renders the app.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import '@radix-ui/themes/styles.css';
import './theme/fieldErrors.css';
import App from './App';
import { authSessionPort, createAppAuthActor } from './atoms/session.atoms';
import { bindApiSession } from './api/client';
import { queryClient } from './atoms/queryClient';
import { preloadRoute } from './router/preloadRoute';

const authActor = createAppAuthActor();
bindApiSession(authSessionPort(authActor));
authActor.start();
// The first screen's chunk loads during the session check, its data right after it.
const signedIn = waitFor(authActor, (s) => s.hasTag('initialised')).then((s) => s.hasTag('authenticated'));
void preloadRoute(window.location.pathname, signedIn, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// Issue 5 (Lighthouse): a transition render is time-sliced, so React yields to the browser
// every few ms instead of rendering the shell and the first screen in one long task
// (/dashboard: total blocking time 125 → 55 ms in `npm run bench:lighthouse`).
startTransition(() => {
  root.render(
    <StrictMode>
      <App authActor={authActor} />
    </StrictMode>,
  );
});
