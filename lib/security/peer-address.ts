import "server-only";
import { Server, type IncomingMessage } from "node:http";

/**
 * Puts the connecting peer's address at the right end of X-Forwarded-For, as every reverse
 * proxy does, before Next.js sees the request.
 *
 * Why: Next.js 16's server fills the header only when it is missing
 * (`req.headers['x-forwarded-for'] ??= socket.remoteAddress`, next/dist/server/base-server.js),
 * so a client that sends its own value hides the socket address from the proxy, pages, actions
 * and route handlers alike, and NextRequest has no `ip` any more. Next offers no hook at the
 * socket, so this wraps `http.Server.prototype.emit` for the "request" event, once per
 * process, from instrumentation.ts (it runs before the server answers its first request).
 * `next start` and `next dev` serve over node:http; other servers are not covered.
 */
const INSTALLED = Symbol.for("live-market.peer-address");

type PatchedServer = typeof Server.prototype & { [INSTALLED]?: true };

export function installPeerAddressForwarding(): void {
  const prototype = Server.prototype as PatchedServer;
  if (prototype[INSTALLED]) return;
  const emit = prototype.emit;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") appendPeerAddress(args[0] as IncomingMessage);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
  prototype[INSTALLED] = true;
}

/** Appends the request's socket address to its X-Forwarded-For header (in place). */
export function appendPeerAddress(request: IncomingMessage): void {
  const peer = request.socket?.remoteAddress;
  const header = forwardedForWithPeer(request.headers["x-forwarded-for"], peer);
  if (header === undefined) delete request.headers["x-forwarded-for"];
  else request.headers["x-forwarded-for"] = header;
}

/** The header value with `peer` appended (IPv4-mapped IPv6 written as IPv4). */
export function forwardedForWithPeer(
  forwarded: string | string[] | undefined,
  peer: string | undefined,
): string | undefined {
  const existing = (Array.isArray(forwarded) ? forwarded.join(", ") : (forwarded ?? "")).trim();
  if (!peer) return existing || undefined;
  const address = peer.replace(/^::ffff:(?=[\d.]+$)/i, "");
  return existing ? `${existing}, ${address}` : address;
}
