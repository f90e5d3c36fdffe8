import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnvironment } from "@/lib/app-data/environment-types";
import { resetEnvForTests } from "@/lib/env";

/**
 * Route handlers of the platform lane, called as Next calls them, on a temporary dist dir:
 * GET /api/environment and GET /builds/latest.json.
 */
let distDir: string;
const saved = { ...process.env };
// The real test database, with a password in the URL (trust auth ignores it) so that the
// test can prove the password never reaches the answer.
const testDatabase = new URL(
  process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_test",
);
testDatabase.password = "very-secret-pw";

async function loadRoutes() {
  vi.resetModules();
  resetEnvForTests();
  const environment = await import("@/app/api/environment/route");
  const latest = await import("@/app/builds/latest.json/route");
  return { environment: environment.GET, latest: latest.GET };
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "lm-platform-"));
  await mkdir(path.join(distDir, "builds"), { recursive: true });
  await writeFile(path.join(distDir, "BUILD_ID"), "build-running\n");
});

afterAll(async () => {
  process.env = saved;
  resetEnvForTests();
  await rm(distDir, { recursive: true, force: true });
});

beforeEach(() => {
  process.env = {
    ...saved,
    NEXT_DIST_DIR: path.relative(process.cwd(), distDir),
    DATABASE_URL: testDatabase.toString(),
    SMTP_URL: "smtp://user:smtp-secret-pw@smtp.internal:587",
    S3_BUCKET: "bucket",
    S3_SECRET_ACCESS_KEY: "s3-secret-value",
    STRIPE_PUBLISHABLE_KEY: "pk_test_public",
    PAYMENTS_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_secret-value",
    STRIPE_WEBHOOK_SECRET: "whsec_secret-value",
    MAPS_PUBLIC_KEY: "",
  };
});

describe("GET /api/environment", () => {
  it("answers the public environment with the running build id, never cached", async () => {
    const { environment } = await loadRoutes();
    const response = await environment();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = parseEnvironment(await response.json());
    if (!body) throw new Error("not an environment document");
    expect(body.buildId).toBe("build-running");
    expect(body.mode).toBe("connected");
    expect(body.payments).toEqual({ provider: "stripe", publishableKey: "pk_test_public" });
    expect(body.maps.publicKey).toBeNull();
    expect(body.features).toMatchObject({ mail: "smtp", storage: "s3", maps: false });
  });

  it("contains none of the secrets it was started with", async () => {
    const { environment } = await loadRoutes();
    const text = await (await environment()).text();
    for (const secret of [
      "very-secret-pw",
      "smtp-secret-pw",
      "s3-secret-value",
      testDatabase.host,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("GET /builds/latest.json", () => {
  it("is 404 until the build wrote the file", async () => {
    const { latest } = await loadRoutes();
    const response = await latest();
    expect(response.status).toBe(404);
  });

  it("reads the file fresh on every request, so a deploy is seen without a restart", async () => {
    const file = path.join(distDir, "builds", "latest.json");
    const { latest } = await loadRoutes();
    await writeFile(file, JSON.stringify({ buildId: "build-running" }));
    const first = await latest();
    expect(first.headers.get("cache-control")).toContain("no-store");
    expect(await first.json()).toEqual({ buildId: "build-running" });

    await writeFile(file, JSON.stringify({ buildId: "build-next", builtAt: "2026-01-01" }));
    expect(await (await latest()).json()).toEqual({ buildId: "build-next", builtAt: "2026-01-01" });
  });

  it("treats a malformed file as missing", async () => {
    await writeFile(path.join(distDir, "builds", "latest.json"), "{ not json");
    const { latest } = await loadRoutes();
    expect((await latest()).status).toBe(404);
  });
});
