import { createClient } from "@redis/client";
import {
  startNextInstances,
  stopNextInstances,
  type NextInstance,
} from "../tests/support/next-instances";
import { expect, test } from "./support/test";
import { sql } from "./support/backoffice";

/**
 * Scaled out (issue 10 §1, issue 11 §6): two `next start` instances of this build share
 * Next's cache through Redis (lib/cache/redis-cache-handler.mjs). A product's public page and
 * its category's landing page, cached on instance B, show a change saved in the back office
 * of instance A within a second: the action's `updateTag` reaches B through the shared tag
 * store. The instances get a Redis database of their own (9) and ports E2E_PORT + 5 and + 6.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100) + 5;
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";
const redisUrl = process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379/9";
const demoOrganisation = "00000000-0000-4000-8000-00000000a001";
const productId = "00000000-0000-4000-8000-000000100001";

let instances: NextInstance[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
  instances = await startNextInstances({
    count: 2,
    basePort,
    distDir,
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SITE_URL: `http://127.0.0.1:${basePort}`,
      DEV_TOOLS: "true",
      TRUSTED_PROXY_HOPS: "1",
    },
  });
});

test.afterAll(async () => {
  await stopNextInstances(instances);
});

test("a change saved on one instance shows on the other's cached pages within a second", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const [a, b] = instances;
  if (!a || !b) throw new Error("instances not started");
  const [row] = await sql(
    (db) => db<{ title: string }[]>`select title from listings where id = ${productId}`,
  );
  const original = row?.title ?? "";
  expect(original).not.toBe("");
  const visitor = await playwright.request.newContext();
  const publicPage = `${b.url}/commerce/product/${productId}`;
  const landing = `${b.url}/commerce/product?category=electronics`;
  // B renders both pages once and keeps them in the shared cache.
  for (const url of [publicPage, landing, publicPage, landing]) {
    const answer = await visitor.get(url);
    expect(answer.status(), url).toBe(200);
    expect(await answer.text()).toContain(original);
  }
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  try {
    expect((await redis.keys("livemarket:next-cache:entry:*")).length).toBeGreaterThan(0);
  } finally {
    await redis.quit();
  }

  // Cached for real: a change made behind the app's back (no tag expired) does not show.
  await sql((db) => db`update listings set title = ${"Not expired"} where id = ${productId}`);
  try {
    expect(await (await visitor.get(publicPage)).text()).toContain(original);
  } finally {
    await sql((db) => db`update listings set title = ${original} where id = ${productId}`);
  }

  // The demo owner edits the product's title in A's back office.
  await page.goto(`${a.url}/login?redirect=${encodeURIComponent("/backoffice")}`);
  await page.getByLabel("Email or phone").fill("owner@demo.livemarket.test");
  await page.getByLabel("Password").fill("live-market-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/backoffice");
  await page.goto(
    `${a.url}/backoffice/organisation/${demoOrganisation}/commerce/product/${productId}`,
  );
  const renamed = `${original} ${Date.now().toString(36)}`;
  try {
    await page.getByLabel("Title").fill(renamed);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Product saved.", { exact: true })).toBeVisible();
    const saved = Date.now();

    // B's cached pages show it on the next request, within a second.
    for (const url of [publicPage, landing]) {
      let seen = false;
      while (Date.now() - saved < 1000) {
        if ((await (await visitor.get(url)).text()).includes(renamed)) {
          seen = true;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen, `${url} within a second of the save`).toBe(true);
    }
    console.log(`two-instance invalidation: seen on B ${Date.now() - saved} ms after the save`);
  } finally {
    await sql((db) => db`update listings set title = ${original} where id = ${productId}`);
    await visitor.dispose();
  }
});
