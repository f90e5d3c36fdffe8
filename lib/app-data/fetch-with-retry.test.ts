import { describe, expect, it, vi } from "vitest";
import { FetchJsonError, fetchJsonWithRetry, retryDelay } from "./fetch-with-retry";

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

describe("fetchJsonWithRetry", () => {
  it("returns the body of the first successful answer", async () => {
    const fetchImpl = vi.fn(async () => jsonResponse({ ok: 1 }));
    await expect(fetchJsonWithRetry("/x", { fetchImpl, sleep: async () => {} })).resolves.toEqual({
      ok: 1,
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("retries network errors and 5xx up to 3 times with exponential back-off", async () => {
    const sleeps: number[] = [];
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(jsonResponse({}, 503))
      .mockResolvedValueOnce(jsonResponse({}, 500))
      .mockResolvedValueOnce(jsonResponse({ fine: true }));
    const result = await fetchJsonWithRetry("/x", {
      fetchImpl,
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(result).toEqual({ fine: true });
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    expect(sleeps).toEqual([200, 400, 800]);
  });

  it("gives up after the third retry", async () => {
    const fetchImpl = vi.fn(async () => jsonResponse({}, 502));
    const error = await fetchJsonWithRetry("/x", { fetchImpl, sleep: async () => {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FetchJsonError);
    expect((error as FetchJsonError).attempts).toBe(4);
    expect((error as FetchJsonError).status).toBe(502);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });

  it("does not retry an answer such as 404", async () => {
    const fetchImpl = vi.fn(async () => jsonResponse({}, 404));
    await expect(
      fetchJsonWithRetry("/x", { fetchImpl, sleep: async () => {} }),
    ).rejects.toBeInstanceOf(FetchJsonError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn(async () => {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    });
    await expect(
      fetchJsonWithRetry("/x", { fetchImpl, sleep: async () => {}, signal: controller.signal }),
    ).rejects.toThrow();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe("retryDelay", () => {
  it("doubles from 200 ms", () => {
    expect([1, 2, 3].map((n) => retryDelay(n))).toEqual([200, 400, 800]);
  });
});
