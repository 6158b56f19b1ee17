import type { ReactNode } from 'react';
import './error-block.css';
import './panel-states.css';

/** Designed loading, empty and error states shared by every panel. */
export function LoadingBlock({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className="loading-block" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton-line" style={{ width: `${90 - index * 17}%` }} />
      ))}
    </div>
  );
}

export function ErrorBlock({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div className="error-block" role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Shown above data that is still on screen while a refresh has failed. */
export function StaleNotice({ children }: { children: ReactNode }) {
  return (
    <p className="stale-notice" role="status">
      {children}
    </p>
  );
}

export function EmptyBlock({ children }: { children: ReactNode }) {
  return <p className="empty-block">{children}</p>;
}
