import { Component, type ReactNode } from 'react';
import { FailurePage, FailureScreen } from '../components/FailureScreen';
import { isChunkLoadFailure, reloadIfReachable } from './chunks';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** 'page' brings the site header and a main landmark; 'section' sits inside a shell that has them. */
  frame: 'page' | 'section';
  /** Reloads the page; a test gives its own. */
  onReload?: () => void;
  /** What a chunk failure sets going: by default a reload by itself once the server answers again. */
  onChunkFailure?: (error: unknown) => void;
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Instead of a blank page: a script chunk that did not arrive shows the chunk-failure screen, any other error while
 * rendering the 'Unexpected Application Error!' screen. Both offer a reload, which fetches the chunks afresh.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown): void {
    if (!isChunkLoadFailure(error)) return;
    (this.props.onChunkFailure ?? ((e: unknown) => void reloadIfReachable(e)))(error);
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const kind = isChunkLoadFailure(this.state.error) ? 'chunk' : 'unexpected';
    const Frame = this.props.frame === 'page' ? FailurePage : FailureScreen;
    return <Frame kind={kind} onReload={this.props.onReload} />;
  }
}
