import { describe, expect, it } from "vitest";
import { AuthError } from "@/lib/auth/service/errors";
import {
  clientAddress,
  errorResponse,
  readBodyText,
  readJsonBody,
  requestInfo,
} from "@/lib/auth/service/http";

const SITE = "http://localhost:3000";
const request = (headers: Record<string, string> = {}, body?: string) =>
  new Request(`${SITE}/auth/v1/token`, { method: "POST", headers, body });

describe("auth wire conventions", () => {
  it("recognises API versions from 2024-01-01 on", () => {
    expect(requestInfo(request({ "x-supabase-api-version": "2024-01-01" })).versioned).toBe(true);
    expect(requestInfo(request({ "x-supabase-api-version": "2025-06-30" })).versioned).toBe(true);
    expect(requestInfo(request({ "x-supabase-api-version": "2023-12-31" })).versioned).toBe(false);
    expect(requestInfo(request({ "x-supabase-api-version": "yesterday" })).versioned).toBe(false);
    expect(requestInfo(request()).versioned).toBe(false);
  });

  it("shapes errors for each API version", async () => {
    const error = new AuthError(400, "invalid_credentials", "Invalid login credentials");
    const modern = errorResponse(
      requestInfo(request({ "x-supabase-api-version": "2024-01-01" })),
      SITE,
      error,
    );
    expect(modern.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await modern.json()).toEqual({
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
    const legacy = errorResponse(requestInfo(request()), SITE, error);
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });

  it("reads bodies leniently and refuses more than 1 MB", async () => {
    expect(await readJsonBody(request({}, ""))).toEqual({});
    expect(await readJsonBody(request({}, "null"))).toEqual({});
    expect(await readJsonBody(request({}, '{"a":1}'))).toEqual({ a: 1 });
    await expect(readJsonBody(request({}, "[1]"))).rejects.toMatchObject({
      status: 400,
      code: "bad_json",
    });
    await expect(readJsonBody(request({}, "x".repeat(1024 * 1024 + 1)))).rejects.toMatchObject({
      status: 413,
      code: "request_entity_too_large",
    });
  });

  it("answers a body the client stopped sending mid-way with a 400, not an unexpected failure", async () => {
    const aborted = new Request(`${SITE}/auth/v1/token`, {
      method: "POST",
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"email":'));
        },
        pull(controller) {
          controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        },
      }),
      duplex: "half",
    } as RequestInit);
    await expect(readJsonBody(aborted)).rejects.toMatchObject({
      status: 400,
      code: "request_aborted",
    });
  });

  it("reads a form body (the OAuth callback's form_post) by the same rules", async () => {
    expect(await readBodyText(request({}, "code=abc&state=xyz"))).toBe("code=abc&state=xyz");
    expect(await readBodyText(request({}))).toBe("");
    await expect(readBodyText(request({}, "x".repeat(1024 * 1024 + 1)))).rejects.toMatchObject({
      status: 413,
    });
  });

  it("refuses a NUL character anywhere in the body, and bodies nested past 64 levels", async () => {
    for (const body of [
      { email: "a\u0000@example.com" },
      { data: { nested: ["ok", { deep: "x\u0000" }] } },
      { data: { "key\u0000": 1 } },
    ]) {
      await expect(readJsonBody(request({}, JSON.stringify(body)))).rejects.toMatchObject({
        status: 400,
        code: "validation_failed",
      });
    }
    const deep = "[".repeat(70) + "]".repeat(70);
    await expect(readJsonBody(request({}, `{"a":${deep}}`))).rejects.toMatchObject({
      status: 400,
      code: "bad_json",
    });
    const fine = "[".repeat(60) + "]".repeat(60);
    expect(await readJsonBody(request({}, `{"a":${fine}}`))).toHaveProperty("a");
  });

  it("takes the client address from the right of X-Forwarded-For, never a client-written entry", () => {
    // No trusted proxy (the default): the right-most entry, the peer the server appended.
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" }))).toBe(
      "10.0.0.1",
    );
    expect(clientAddress(new Headers({ "x-real-ip": "198.51.100.2" }))).toBe("unknown");
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
