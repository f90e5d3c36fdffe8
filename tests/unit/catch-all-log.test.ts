import { afterEach, describe, expect, it, vi } from "vitest";
import CatchAll from "@/app/(public)/[...catchAll]/page";

describe("unknown routes (spec §8)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs 'Page Not Found: {path}' and answers with the 404 page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const rendering = CatchAll({ params: Promise.resolve({ catchAll: ["no", "such-page"] }) });
    // notFound() throws Next's 404 signal, which the framework turns into the 404 answer.
    await expect(rendering).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    expect(warn).toHaveBeenCalledWith("Page Not Found: /no/such-page");
  });
});
