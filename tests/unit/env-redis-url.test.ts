import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";

/** REDIS_URL (lib/env.ts): the shared cache of scaled-out instances. */
afterEach(() => {
  delete process.env.REDIS_URL;
  resetEnvForTests();
});

function redisUrl(value: string | undefined) {
  if (value === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = value;
  resetEnvForTests();
  return env().REDIS_URL;
}

describe("REDIS_URL", () => {
  it("is optional: unset or empty means no shared cache", () => {
    expect(redisUrl(undefined)).toBeUndefined();
    expect(redisUrl("")).toBeUndefined();
  });

  it("takes redis:// and rediss:// URLs", () => {
    expect(redisUrl("redis://127.0.0.1:6379/4")).toBe("redis://127.0.0.1:6379/4");
    expect(redisUrl("rediss://user:secret@cache.example:6380")).toBe(
      "rediss://user:secret@cache.example:6380",
    );
  });

  it("refuses anything else", () => {
    expect(() => redisUrl("http://127.0.0.1:6379")).toThrow(
      /REDIS_URL: a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => redisUrl("127.0.0.1:6379")).toThrow(/REDIS_URL/);
  });
});
