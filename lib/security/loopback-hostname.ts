/**
 * Next 16.4 treats the proxy's rewrites as external when `next start` is given a loopback IP
 * literal as its hostname (`-H 127.0.0.1`, `-H ::1`): it compares the rewrite's URL, whose
 * host Next itself normalises to `localhost`, with one built from the literal, finds them
 * different, and proxies the request over HTTP back into the server, where the proxy
 * rewrites it again (vercel/next.js#94745). Every page request goes through that rewrite
 * (lib/i18n/locale-rewrite.ts), so the server says so at start. Start it without `-H`, or with
 * `-H localhost` or a name.
 */
export function loopbackHostnameWarning(argv: readonly string[]): string | null {
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    const value =
      /^--?(?:H|hostname)=(.*)$/.exec(arg)?.[1] ??
      (arg === "-H" || arg === "--hostname" ? argv[index + 1] : undefined);
    if (value === undefined) continue;
    const host = value.replace(/^\[|\]$/g, "");
    if (/^127(?:\.\d{1,3}){3}$/.test(host) || host === "::1") {
      return `next start -H ${value}: Next proxies its own rewrites for a loopback IP hostname (vercel/next.js#94745), so every page request would loop. Start without -H, or with -H localhost.`;
    }
  }
  return null;
}
