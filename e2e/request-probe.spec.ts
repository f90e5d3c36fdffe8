import { MULTIPART, multipart } from "./support/multipart";
import { type APIRequestContext, expect, test } from "./support/test";

/**
 * Probes of the production server with requests a browser would not send (issues 2.4, 2.8,
 * 2.9): broken URLs, oversized, truncated and garbage server-action bodies, and a forged
 * X-Forwarded-For per request. None may answer 5xx; each refusal is asserted exactly.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const embeddedOrigin = `http://127.0.0.1:${port + 1}`;
const MIB = 1024 * 1024;

/** A real server action's id, read from the contact form (no-JS form fields). */
async function contactActionId(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/contact")).text();
  const id = /&quot;id&quot;:&quot;([0-9a-f]{20,})&quot;/.exec(html)?.[1];
  expect(id, "the contact form's action id").toBeTruthy();
  return id!;
}

test("malformed percent-escapes answer 400, never a 5xx", async ({ request }) => {
  for (const path of [
    "/%",
    "/foo%ZZ",
    "/contact%",
    "/docs/%E0%A4%A",
    "/%C3%28",
    "/api/health%ZZ",
  ]) {
    const response = await request.get(path);
    expect({ path, status: response.status() }).toEqual({ path, status: 400 });
    expect(await response.text()).toContain("<h1>Error</h1>");
  }
  // Paths the proxy otherwise skips (build files, images): a broken escape still reaches it.
  for (const path of ["/_next/static/%ZZ", "/icons/%ZZ.png", "/api/organisations/x/files/%"]) {
    const response = await request.get(path);
    expect({ path, status: response.status() }).toEqual({ path, status: 400 });
  }
});

test("server-action bodies: too large 413, truncated or garbage 400, the form still works", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const actionId = await contactActionId(request);
  const call = { "next-action": actionId, accept: "text/x-component" };
  const probes: {
    name: string;
    status: number;
    headers: Record<string, string>;
    body: string | Buffer;
  }[] = [
    {
      name: "1 MB field",
      status: 413,
      headers: { ...call, "content-type": MULTIPART },
      body: multipart({ "1_name": "a".repeat(MIB), "0": '["$K1"]' }),
    },
    {
      name: "20 MB field",
      status: 413,
      headers: { ...call, "content-type": MULTIPART },
      body: Buffer.alloc(20 * MIB, "a"),
    },
    {
      name: "1 MB no-JS form post",
      status: 413,
      headers: { "content-type": MULTIPART },
      body: multipart({ $ACTION_KEY: "k", name: "a".repeat(MIB) }),
    },
    {
      name: "truncated multipart",
      status: 400,
      headers: { ...call, "content-type": MULTIPART },
      body: `--ProbeBoundary\r\nContent-Disposition: form-data; name="1_name"\r\n\r\nhello`,
    },
    {
      name: "truncated no-JS form post",
      status: 400,
      headers: { "content-type": MULTIPART },
      body: `--ProbeBoundary\r\nContent-Disposition: form-data; name="name"\r\n\r\nhello`,
    },
    {
      name: "multipart garbage",
      status: 400,
      headers: { ...call, "content-type": MULTIPART },
      body: "garbage garbage garbage",
    },
    {
      name: "text garbage",
      status: 400,
      headers: { ...call, "content-type": "text/plain;charset=UTF-8" },
      body: "garbage[[[",
    },
  ];
  for (const probe of probes) {
    const response = await request.post("/contact", { headers: probe.headers, data: probe.body });
    expect({ probe: probe.name, status: response.status() }).toEqual({
      probe: probe.name,
      status: probe.status,
    });
    expect(await response.text()).toContain("<h1>Error</h1>");
  }

  // A well-formed call of the same action is still served (invalid input: field errors).
  const valid = await request.post("/contact", {
    headers: { ...call, "content-type": MULTIPART },
    data: multipart({ "0": '[{"status":"idle"},"$K1"]', "1_name": "" }),
  });
  expect(valid.status()).toBe(200);
  expect(valid.headers()["content-type"]).toContain("text/x-component");
});

/**
 * POST /auth/v1/recover (an unknown address: no mail) until 429: its per-address limit is
 * AUTH_RATE_LIMIT_OTP, 30 per 5 minutes, which the e2e servers keep.
 */
async function hitsUntilLimited(
  request: APIRequestContext,
  origin: string,
  forwardedFor: (attempt: number) => string,
): Promise<number | null> {
  const environment = await (await request.get(`${origin}/api/environment`)).json();
  const apikey = String(environment.auth.anonKey);
  // Two windows' worth: a window may turn over during the loop.
  for (let attempt = 1; attempt <= 61; attempt += 1) {
    const response = await request.post(`${origin}/auth/v1/recover`, {
      headers: { apikey, "x-forwarded-for": forwardedFor(attempt) },
      data: { email: `probe-${attempt}-${Date.now()}@example.invalid` },
    });
    expect(response.status()).toBeLessThan(500);
    if (response.status() === 429) {
      expect((await response.json()).error_code).toBe("over_request_rate_limit");
      return attempt;
    }
  }
  return null;
}

test("a forged X-Forwarded-For per request does not escape the rate limit", async ({ request }) => {
  test.setTimeout(90_000);
  const forged = (attempt: number) => `203.0.113.${attempt}`;
  // No trusted proxy (the embedded server): the socket's address counts, whatever the header.
  expect(await hitsUntilLimited(request, embeddedOrigin, forged)).not.toBeNull();
  // One trusted proxy (the connected server; the test plays the proxy and appends one
  // address): entries to the left of it are the client's and do not count.
  const proxied = `10.${20 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.7`;
  expect(
    await hitsUntilLimited(request, "", (attempt) => `${forged(attempt)}, ${proxied}`),
  ).not.toBeNull();
});

test("back-office lists: hand-made filters and cursors answer the page, never a 5xx", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The demo owner's first shop (lib/organisations/seed.ts): commerce and payments on.
  const org = "/backoffice/organisation/00000000-0000-4000-8000-00000000a001";
  await page.goto("/login");
  await page.getByLabel("Email or phone").fill("owner@demo.livemarket.test");
  await page.getByLabel("Password").fill("live-market-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const cursor = (text: string) => Buffer.from(text).toString("base64url");
  // Each once failed its query: NUL in a search (PostgreSQL refuses it in text), days outside
  // its range (year 0; the day after 9999-12-31), and a cursor on a day that does not exist.
  for (const path of [
    `${org}/people?q=%00`,
    `${org}/commerce/brand?q=%00`,
    `${org}/commerce/product?q=%00`,
    `${org}/payment/charge?q=%00`,
    `${org}/payment/charge?from=0000-01-01&to=9999-12-31`,
    `${org}/payment/refunds?from=0000-01-01&to=9999-12-31`,
    `${org}/settings/audit?from=0000-01-01&to=0000-01-01`,
    `${org}/settings/audit?cursor=${cursor("n|2024-02-30T00:00:00.000000Z|1")}`,
    `${org}/settings/audit?cursor=${cursor("o|0000-01-01T00:00:00.000000Z|1")}`,
  ]) {
    const response = await page.request.get(path);
    expect({ path, status: response.status() }).toEqual({ path, status: 200 });
  }
});
