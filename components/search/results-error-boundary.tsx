"use client";

import { Component, type ReactNode } from "react";

/**
 * The results' own error boundary: a failing search (the database unreachable, say) shows a
 * message in place of the results, and the search box, categories and page around it stay.
 * The text comes as a prop from the server page; the error goes to the console (the server
 * logged it with its digest).
 */
export class ResultsErrorBoundary extends Component<
  { message: string; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="mt-6 rounded-card border border-border p-6 text-sm">
        {this.props.message}
      </p>
    );
  }
}
