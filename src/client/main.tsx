import './lib/zod-jitless';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { defineSkydeckLink } from './app/link';
import { createQueryClient } from './app/query-client';

defineSkydeckLink();
const queryClient = createQueryClient();
// A handle for end-to-end tests (refresh on demand) and console debugging: not in production.
if (import.meta.env.DEV || __SKYDECK_TEST_HOOKS__) window.__skydeckQueries = queryClient;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// StrictMode mounts, unmounts and mounts again in development (a no-op in the build). One effect
// of that is expected and harmless: each query that starts on mount is requested twice, because
// TanStack Query aborts a fetch whose last observer leaves when the fetch took the AbortSignal
// (as api-client's do, so a view left behind stops its request), then fetches again on the
// second mount; the Network panel shows the first as cancelled.
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
