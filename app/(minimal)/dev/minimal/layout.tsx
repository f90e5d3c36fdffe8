import { type ReactNode } from "react";

/**
 * The bench's baseline has a root layout of its own, not the app's: only <html> and <body>,
 * so the cost of our layout shows in every other page's ratio (docs/bench.md).
 */
export default function MinimalRootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
