/**
 * Browser entry: restores the session, connects the API client to it, and renders the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@radix-ui/themes/styles.css';
import './theme/fieldErrors.css';
import App from './App';
import { authSessionPort, createAppAuthActor } from './atoms/session.atoms';
import { bindApiSession } from './api/client';

const authActor = createAppAuthActor();
bindApiSession(authSessionPort(authActor));
authActor.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App authActor={authActor} />
  </StrictMode>,
);
