import { Component, type ErrorInfo, type ReactNode } from 'react';
import './error-block.css';

interface Props {
  /** What failed, in the words of the message shown. */
  area: string;
  children: ReactNode;
}

/**
 * A failure in one part of the screen stays in that part: it says what failed and offers a
 * reload, instead of React unmounting the whole dashboard (a wall screen would go blank).
 */
export class ErrorBoundary extends Component<Props, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`skydeck: ${this.props.area} failed`, error, info.componentStack ?? '');
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-block" role="alert">
        <strong>The {this.props.area} stopped working</strong>
        <p>{this.state.error.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
