import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageLoading } from '#client/components/page-loading.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CodeLoadError, reloadForMissingCode } from '#client/lib/missing-code.ts';

/**
 * What failed: a render (`error`), or a screen's code that did not arrive, which a reload may
 * bring (`reloading`) or did not (`missing-code`).
 */
type State = { failure?: 'error' | 'reloading' | 'missing-code' };

/** Last resort: a rendering error shows a way out instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    // Until componentDidCatch knows whether the page reloads, it looks as if it is loading.
    return { failure: error instanceof CodeLoadError ? 'reloading' : 'error' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Most likely a new version of the app replaced the one this page runs: a reload brings it.
    if (error instanceof CodeLoadError && reloadForMissingCode()) return;
    console.error(error, info.componentStack);
    if (error instanceof CodeLoadError) this.setState({ failure: 'missing-code' });
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    if (failure === 'reloading') return <PageLoading />;
    const [title, text] =
      failure === 'missing-code'
        ? [
            'This screen could not be loaded',
            'Rulekeeper may have been updated since this page was opened, or the connection dropped. Reload the page to try again.',
          ]
        : ['Something went wrong', 'Please reload the page to try again.'];
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <div role="alert" className="flex max-w-prose flex-col gap-4">
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="text-muted-foreground">{text}</p>
        </div>
        <Button autoFocus onClick={() => window.location.reload()}>
          Reload
        </Button>
      </main>
    );
  }
}
