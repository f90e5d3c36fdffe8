import { describe, expect, it } from "vitest";
import { loopbackHostnameWarning } from "@/lib/security/loopback-hostname";

describe("loopbackHostnameWarning", () => {
  it.each([
    [["next", "start", "-H", "127.0.0.1", "-p", "3000"]],
    [["next", "start", "--hostname", "127.0.0.1"]],
    [["next", "start", "--hostname=127.0.0.2"]],
    [["next", "start", "-H", "::1"]],
    [["next", "start", "-H", "[::1]"]],
  ])("warns for a loopback IP literal: %j", (argv) => {
    expect(loopbackHostnameWarning(argv)).toMatch(/vercel\/next\.js#94745/);
  });

  it.each([
    [["next", "start", "-p", "3000"]],
    [["next", "start", "-H", "localhost"]],
    [["next", "start", "-H", "0.0.0.0"]],
    [["next", "start", "-H", "app.internal"]],
    [["next", "start", "-H"]],
  ])("says nothing otherwise: %j", (argv) => {
    expect(loopbackHostnameWarning(argv)).toBeNull();
  });
});
