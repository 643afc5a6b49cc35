// Runtime error boundary: 'App crashed' plus the error text instead of a blank page.
import { Component, type ErrorInfo, type ReactNode } from "react";

type State = { error: Error | null };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("App crashed", error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6">
        <h1 className="text-2xl font-semibold">App crashed</h1>
        <pre className="overflow-auto whitespace-pre-wrap rounded-lg border border-negative/40 bg-negative/5 p-4 font-mono text-sm text-rose-200">
          {this.state.error.message || String(this.state.error)}
        </pre>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="self-start text-sm font-semibold text-accent-strong hover:underline"
        >
          Reload the page
        </button>
      </div>
    );
  }
}
