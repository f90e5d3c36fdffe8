import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, normaliseAddress } from "@/lib/security/client-address";
import {
  appendPeerAddress,
  forwardedForWithPeer,
  installPeerAddressForwarding,
} from "@/lib/security/peer-address";

/**
 * Issue 2.4: a client-written X-Forwarded-For must not choose the rate-limit bucket. The
 * address is read from the right, TRUSTED_PROXY_HOPS entries left of the connecting peer's,
 * which the server appends itself (Next.js keeps a client's header and drops the socket's).
 */
const xff = (value: string) => new Headers({ "x-forwarded-for": value });

describe("clientAddress", () => {
  it("with no trusted proxy (the default) is the connecting peer, whatever the client wrote", () => {
    expect(clientAddress(xff("127.0.0.1"))).toBe("127.0.0.1");
    expect(clientAddress(xff("1.2.3.4, 127.0.0.1"))).toBe("127.0.0.1");
    expect(clientAddress(xff("9.9.9.9, 8.8.8.8, 203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(xff("1.2.3.4, 127.0.0.1"), 0)).toBe("127.0.0.1");
  });

  it("behind N trusted proxies is the entry N places left of the peer", () => {
    // client forged 6.6.6.6; the proxy saw 203.0.113.7 and appended it; the server appended the proxy.
    const chain = xff("6.6.6.6, 203.0.113.7, 10.0.0.2");
    expect(clientAddress(chain, 1)).toBe("203.0.113.7");
    expect(clientAddress(xff("6.6.6.6, 198.51.100.1, 10.0.0.3, 10.0.0.2"), 2)).toBe("198.51.100.1");
    // Fewer entries than hops: the request did not come through the proxies; the left-most
    // entry is then one the server or a trusted proxy wrote.
    expect(clientAddress(xff("127.0.0.1"), 1)).toBe("127.0.0.1");
  });

  it("ignores X-Real-IP and junk, and reads ports and IPv4-mapped addresses", () => {
    expect(clientAddress(new Headers({ "x-real-ip": "198.51.100.2" }))).toBeNull();
    expect(clientAddress(new Headers())).toBeNull();
    expect(clientAddress(xff("1.2.3.4, not-an-address"))).toBeNull();
    expect(clientAddress(xff(" , "))).toBeNull();
    expect(normaliseAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normaliseAddress("203.0.113.9:443")).toBe("203.0.113.9");
    expect(normaliseAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normaliseAddress("2001:db8::1")).toBe("2001:db8::1");
  });

  it("skips empty entries and reads each entry trimmed", () => {
    expect(clientAddress(xff("6.6.6.6, 203.0.113.7, "), 0)).toBe("203.0.113.7");
    expect(clientAddress(xff("6.6.6.6,203.0.113.7,,"), 0)).toBe("203.0.113.7");
    // A blank entry between two is no hop.
    expect(clientAddress(xff("198.51.100.1, , 10.0.0.2"), 1)).toBe("198.51.100.1");
    expect(normaliseAddress(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(normaliseAddress(undefined)).toBeNull();
    expect(normaliseAddress("")).toBeNull();
  });

  it("takes a port off only where the whole entry is an address and a port", () => {
    expect(normaliseAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(normaliseAddress("junk[2001:db8::1]:443")).toBeNull();
    expect(normaliseAddress("[2001:db8::1]:443junk")).toBeNull();
    expect(normaliseAddress("203.0.113.9:443x")).toBeNull();
    // An IPv6 address with a port must be bracketed: no port is read off the end of one.
    expect(normaliseAddress("::1.2.3.4:80")).toBeNull();
  });

  it("reads only a whole IPv4-mapped address as IPv4", () => {
    expect(normaliseAddress("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(normaliseAddress("::ffff:0:1")).toBe("::ffff:0:1");
    expect(normaliseAddress("1::ffff:1.2.3.4")).toBe("1::ffff:1.2.3.4");
  });
});

describe("forwardedForWithPeer", () => {
  it("appends the socket address, as a proxy does", () => {
    expect(forwardedForWithPeer(undefined, "127.0.0.1")).toBe("127.0.0.1");
    expect(forwardedForWithPeer("1.2.3.4", "::ffff:127.0.0.1")).toBe("1.2.3.4, 127.0.0.1");
    expect(forwardedForWithPeer(["1.2.3.4", "5.6.7.8"], "::1")).toBe("1.2.3.4, 5.6.7.8, ::1");
    expect(forwardedForWithPeer("1.2.3.4", undefined)).toBe("1.2.3.4");
    expect(forwardedForWithPeer(undefined, undefined)).toBeUndefined();
  });

  it("trims what came before and maps only a whole IPv4-mapped peer to IPv4", () => {
    expect(forwardedForWithPeer(" 1.2.3.4 ", "5.6.7.8")).toBe("1.2.3.4, 5.6.7.8");
    expect(forwardedForWithPeer("  ", undefined)).toBeUndefined();
    expect(forwardedForWithPeer(undefined, "::ffff:0:1")).toBe("::ffff:0:1");
    expect(forwardedForWithPeer(undefined, "1::ffff:1.2.3.4")).toBe("1::ffff:1.2.3.4");
  });
});

describe("appendPeerAddress", () => {
  const message = (headers: IncomingHttpHeaders, remoteAddress?: string) =>
    ({ headers, socket: remoteAddress ? { remoteAddress } : undefined }) as IncomingMessage;

  it("appends the socket's address to the header in place", () => {
    const request = message({ "x-forwarded-for": "1.2.3.4" }, "::ffff:127.0.0.1");
    appendPeerAddress(request);
    expect(request.headers["x-forwarded-for"]).toBe("1.2.3.4, 127.0.0.1");
  });

  it("removes a blank header when there is no socket address, rather than keep it", () => {
    const request = message({ "x-forwarded-for": "  ", host: "site.example" });
    appendPeerAddress(request);
    expect(Object.keys(request.headers)).toEqual(["host"]);
  });
});

describe("installPeerAddressForwarding on a real node:http server", () => {
  let server: Server;
  let port: number;
  const seen: (string | undefined)[] = [];

  beforeAll(async () => {
    installPeerAddressForwarding();
    installPeerAddressForwarding(); // once per process, however often it is called
    server = createServer((req, res) => {
      seen.push(req.headers["x-forwarded-for"] as string | undefined);
      res.end(
        String(
          clientAddress(new Headers({ "x-forwarded-for": String(req.headers["x-forwarded-for"]) })),
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function get(headers: Record<string, string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve(body));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("a forged header per request still counts as the socket's address", async () => {
    expect(await get({})).toBe("127.0.0.1");
    expect(await get({ "x-forwarded-for": "10.1.2.3" })).toBe("127.0.0.1");
    expect(await get({ "x-forwarded-for": "10.4.5.6" })).toBe("127.0.0.1");
    expect(seen).toEqual(["127.0.0.1", "10.1.2.3, 127.0.0.1", "10.4.5.6, 127.0.0.1"]);
  });
});
