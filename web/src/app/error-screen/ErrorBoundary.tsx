import { Component, type ErrorInfo, type ReactNode } from "react";
import { type CrashReport, describeCrash, sendCrashReport } from "./crash-report.ts";
import { ErrorScreen } from "./ErrorScreen.tsx";

interface Props {
  children: ReactNode;
  /** A new value (the path) clears the error, so that moving to another page recovers. */
  resetKey?: string;
}

interface State {
  report: CrashReport | null;
  resetKey: string | undefined;
}

/** Catches a crash below it, reports it (api.md 7 misc/frontenderrorsave) and shows the error screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { report: null, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { report: null, resetKey: props.resetKey } : null;
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { report: describeCrash(error, "", window.location.pathname + window.location.search) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const report = describeCrash(
      error,
      info.componentStack,
      window.location.pathname + window.location.search,
    );
    this.setState({ report });
    void sendCrashReport(report);
  }

  override render() {
    return this.state.report ? <ErrorScreen report={this.state.report} /> : this.props.children;
  }
}
