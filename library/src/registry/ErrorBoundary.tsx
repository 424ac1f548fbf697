import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  /** What to render after a render error. */
  fallback: (error: unknown) => ReactNode;
  name?: string;
  children?: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches render errors below it, logs them and renders the fallback. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(
      `Render error${this.props.name ? ` in "${this.props.name}"` : ""}`,
      error,
      info.componentStack,
    );
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
