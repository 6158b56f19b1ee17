import '../styles/tokens.css';
import '../features/watch/components/level-badge.css';
import './public-status.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicStatusPage } from './public-status-page';

/**
 * The public status page's own entry (/s/<token>): React and this folder only, none of the
 * dashboard (no map, router, query client or charts), so a phone on a slow link gets it fast.
 */
const root = document.getElementById('root');
if (!root) throw new Error('public-status.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <PublicStatusPage />
  </StrictMode>,
);
