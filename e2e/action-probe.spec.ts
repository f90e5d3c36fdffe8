import { readFileSync } from "node:fs";
import path from "node:path";
import { MULTIPART, multipart } from "./support/multipart";
import { expect, test } from "./support/test";

/**
 * Every server action of the build, called by hand with arguments no form of ours sends:
 * a server action is a public endpoint, and whatever its TypeScript signature says, it gets
 * what the request encodes. Each must answer with its own refusal (a field error, "not
 * found", a redirect) and never a 5xx. Found by a probe of every action (docs/backoffice.md,
 * "Actions are public endpoints"); before the fix, 92 of 94 form actions answered 500 here.
 */
type Manifest = {
  node: Record<string, { workers: Record<string, unknown>; exportedName: string }>;
};

const distDir = process.env.NEXT_DIST_DIR ?? ".next";
/** The demo owner's first shop (lib/organisations/seed.ts): commerce and payments on. */
const ORGANISATION = "00000000-0000-4000-8000-00000000a001";
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
/** Ends the session the probe runs in: called last. */
const SIGN_OUT = "signOutAction";

/** A page that uses the action: its first page module, as a URL of this app (no locale). */
function pageOf(workers: Record<string, unknown>): string | null {
  const pages = Object.keys(workers).filter(
    (key) => key.endsWith("/page") && !key.includes("(minimal)"),
  );
  const page = pages[0];
  if (!page) return null;
  const url = page
    .replace(/^app/, "")
    .replace(/\/page$/, "")
    .replace("/[locale]", "")
    .replace(/\/\([^)]+\)/g, "")
    .replace("[organisationId]", ORGANISATION)
    .replace(/\[[^\]]+\]/g, NO_SUCH_ID);
  return url === "" ? "/" : url;
}

test("every server action answers hand-made arguments without a 5xx", async ({ page }) => {
  test.setTimeout(300_000);
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8"),
  ) as Manifest;
  const actions = Object.entries(manifest.node)
    .map(([id, entry]) => ({ id, name: entry.exportedName, url: pageOf(entry.workers) }))
    .filter((action): action is { id: string; name: string; url: string } => action.url !== null)
    .sort((a, b) => Number(a.name === SIGN_OUT) - Number(b.name === SIGN_OUT));
  expect(actions.length).toBeGreaterThan(80);

  await page.goto("/login");
  await page.getByLabel("Email or phone").fill("owner@demo.livemarket.test");
  await page.getByLabel("Password").fill("live-market-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  const origin = new URL(page.url()).origin;
  const failures: string[] = [];
  for (const action of actions) {
    const call = {
      "next-action": action.id,
      accept: "text/x-component",
      origin,
    };
    const probes: { label: string; headers: Record<string, string>; data: string }[] = [
      ...[
        '["x","y"]',
        "[]",
        "[null]",
        '[{"status":"idle"},null]',
        `[{"status":"idle"},{"organisationId":"${ORGANISATION}"}]`,
        '["x",["y"]]',
        "[1,2,3]",
      ].map((data) => ({
        label: data,
        headers: { ...call, "content-type": "text/plain;charset=UTF-8" },
        data,
      })),
      // A form whose organisation is not an id: redirecting actions once put it in a header.
      {
        label: "form with a NUL in organisationId",
        headers: { ...call, "content-type": MULTIPART },
        data: multipart({
          "0": '[{"status":"idle"},"$K1"]',
          _1_organisationId: "a\u0000b",
          "1_organisationId": "a\u0000b",
        }),
      },
      // The same action posted without JavaScript: the form is its first argument.
      {
        label: "form posted without JavaScript",
        headers: { "content-type": MULTIPART, origin },
        data: multipart({ [`$ACTION_ID_${action.id}`]: "", organisationId: ORGANISATION }),
      },
    ];
    for (const probe of probes) {
      const response = await page.request.post(action.url, {
        headers: probe.headers,
        data: probe.data,
        maxRedirects: 0,
      });
      if (response.status() >= 500) {
        failures.push(`${action.name} at ${action.url}, ${probe.label}: ${response.status()}`);
      }
    }
  }
  expect(failures).toEqual([]);
});
