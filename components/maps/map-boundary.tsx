"use client";

import { Component, type ReactNode } from "react";

/**
 * Keeps a map's failure inside its box: the map's code that cannot be fetched, or a render
 * error of the map library, shows `fallback` instead, and the rest of the page goes on
 * (issue 11: "a missing or failing maps script never breaks the page").
 */
export class MapBoundary extends Component<
  { fallback: ReactNode; children: ReactNode; onError?: () => void },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(): void {
    this.props.onError?.();
  }

  render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
