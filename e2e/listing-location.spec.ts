import { expect, test, type Locator, type Page } from "./support/test";
import {
  startNextInstances,
  stopNextInstances,
  type NextInstance,
} from "../tests/support/next-instances";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { sql } from "./support/backoffice";
import { noSidewaysScroll } from "./support/viewport";

/**
 * A listing's location (issue 11): the demo owner sets a product's address and point in the
 * back office (bad input refused, nothing written; the details form still saves after it), and
 * the public page shows the address with an "Open in maps" link to OpenStreetMap at that point.
 * Without MAPS_PUBLIC_KEY nothing of Google's is asked for. With a key (an instance of its own)
 * the policy allows Google's hosts, the map is asked for only when the section comes into
 * view, and a maps script that cannot load leaves the address, the link and the fields working.
 */
const demoOrganisation = "00000000-0000-4000-8000-00000000a001";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";
const keyedPort = Number(process.env.E2E_PORT ?? 3100) + 8;

type Location = {
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** A published product of the demo organisation, and its location to put back afterwards. */
async function demoProduct(offset: number): Promise<{ id: string; title: string } & Location> {
  const [row] = await sql(
    (db) => db<({ id: string; title: string } & Location)[]>`
      select id, title, address_line1, address_line2, city, region, postal_code, country,
        latitude, longitude
      from listings
      where organisation_id = ${demoOrganisation} and kind = 'product' and status = 'published'
        and category = 'home'
      order by id limit 1 offset ${offset}`,
  );
  if (!row) throw new Error("no published demo product");
  return row;
}

async function restore(product: { id: string } & Location): Promise<void> {
  await sql(
    (db) => db`
      update listings set address_line1 = ${product.address_line1},
        address_line2 = ${product.address_line2}, city = ${product.city},
        region = ${product.region}, postal_code = ${product.postal_code},
        country = ${product.country}, latitude = ${product.latitude},
        longitude = ${product.longitude}
      where id = ${product.id}`,
  );
}

async function signInAsDemoOwner(page: Page, origin = ""): Promise<void> {
  await page.goto(`${origin}/login?redirect=${encodeURIComponent("/backoffice")}`);
  await page.getByLabel("Email or phone").fill("owner@demo.livemarket.test");
  await page.getByLabel("Password").fill("live-market-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/backoffice");
}

/** Types a location into the editor's fields (empty for none). */
async function fillLocation(section: Locator, location: Location): Promise<void> {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  await section.getByLabel("Address line 1").fill(text(location.address_line1));
  await section.getByLabel("Address line 2").fill(text(location.address_line2));
  await section.getByLabel("City", { exact: true }).fill(text(location.city));
  await section.getByLabel("Region").fill(text(location.region));
  await section.getByLabel("Postal code").fill(text(location.postal_code));
  await section.getByLabel("Country").selectOption(text(location.country));
  await section.getByLabel("Latitude").fill(text(location.latitude));
  await section.getByLabel("Longitude").fill(text(location.longitude));
}

/** Console errors and uncaught exceptions of the page, as they come. */
function watchErrors(page: Page, allow: RegExp | null = null): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !(allow && allow.test(message.text()))) {
      errors.push(message.text());
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("the demo owner sets a product's location and the public page shows it with its maps link", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const product = await demoProduct(0);
  const errors = watchErrors(page);
  const google: string[] = [];
  page.on("request", (request) => {
    if (/google|gstatic/.test(new URL(request.url()).hostname)) google.push(request.url());
  });
  try {
    await signInAsDemoOwner(page);
    const productPath = `/backoffice/organisation/${demoOrganisation}/commerce/product/${product.id}`;
    await page.goto(productPath);
    const section = page.getByRole("region", { name: "Location" });
    await expect(section.getByRole("heading", { name: "Location" })).toBeVisible();
    // Without a maps key: the fields only, no map.
    await expect(section.getByRole("group", { name: "Map of the location" })).toHaveCount(0);

    // Bad input is refused on its field and nothing is written.
    const before = await sql(
      (db) => db`select version, address_line1, latitude from listings where id = ${product.id}`,
    );
    await fillLocation(section, {
      address_line1: "Calle de Alcalá 50",
      address_line2: null,
      city: "Madrid",
      region: "Comunidad de Madrid",
      postal_code: "28014",
      country: "ES",
      latitude: 91,
      longitude: null,
    });
    await section.getByRole("button", { name: "Save location" }).click();
    await expect(section.getByText("Latitude goes from -90 to 90.")).toBeVisible();
    await section.getByLabel("Latitude").fill("40.4189");
    await section.getByRole("button", { name: "Save location" }).click();
    await expect(section.getByText("Enter both latitude and longitude, or neither.")).toBeVisible();
    expect(
      await sql(
        (db) => db`select version, address_line1, latitude from listings where id = ${product.id}`,
      ),
    ).toEqual(before);
    await expectNoSeriousA11yViolations(page);

    // A good save; then the details form, which read the same version, still saves.
    await section.getByLabel("Longitude").fill("-3,6969");
    await section.getByRole("button", { name: "Save location" }).click();
    await expect(page.getByText("Location saved.", { exact: true })).toBeVisible();
    const [saved] = await sql(
      (db) => db<Location[]>`
        select address_line1, address_line2, city, region, postal_code, country, latitude,
          longitude
        from listings where id = ${product.id}`,
    );
    expect(saved).toEqual({
      address_line1: "Calle de Alcalá 50",
      address_line2: null,
      city: "Madrid",
      region: "Comunidad de Madrid",
      postal_code: "28014",
      country: "ES",
      latitude: 40.4189,
      longitude: -3.6969,
    });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Product saved.", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    // The public page: the address as Spain writes it and the link to the point.
    await page.goto(`/commerce/product/${product.id}`);
    const where = page.getByRole("region", { name: "Where", exact: true });
    await where.scrollIntoViewIfNeeded();
    await expect(where.getByTestId("listing-address")).toHaveText(
      /Calle de Alcalá 50\s*28014 Madrid\s*Comunidad de Madrid\s*Spain/,
    );
    await expect(where.getByRole("link", { name: "Open in maps" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=40.4189&mlon=-3.6969#map=16/40.4189/-3.6969",
    );
    await expect(page.getByTestId("listing-map")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    // The location goes back as it was, through the editor (which expires the cached pages).
    await page.goto(productPath);
    await fillLocation(section, product);
    await section.getByRole("button", { name: "Save location" }).click();
    await expect(page.getByText("Location saved.", { exact: true })).toBeVisible();

    // In Spanish too.
    await page
      .context()
      .addCookies([{ name: "NEXT_LOCALE", value: "es", url: new URL(page.url()).origin }]);
    await page.goto(`/commerce/product/${product.id}`);
    await expect(
      page.getByRole("region", { name: "Dónde" }).getByRole("link", { name: "Abrir en el mapa" }),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Dónde" }).getByTestId("listing-address"),
    ).toContainText("España");
    expect(google, "no request to Google without a maps key").toEqual([]);
    expect(errors, "console errors").toEqual([]);
  } finally {
    await restore(product);
  }
});

test.describe("with a maps key", () => {
  let instances: NextInstance[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    instances = await startNextInstances({
      count: 1,
      basePort: keyedPort,
      distDir,
      env: {
        DATABASE_URL: databaseUrl,
        SITE_URL: `http://127.0.0.1:${keyedPort}`,
        TRUSTED_PROXY_HOPS: "1",
        MAPS_PUBLIC_KEY: "e2e-maps-public-key",
      },
    });
  });

  test.afterAll(async () => {
    await stopNextInstances(instances);
  });

  test("the map loads only when in view, and a failing maps script leaves the page working", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const [keyed] = instances;
    if (!keyed) throw new Error("instance not started");
    const product = await demoProduct(1);
    // The maps script cannot be fetched (as offline, or blocked): every request to it fails.
    const scripts: string[] = [];
    await page.route("https://maps.googleapis.com/**", (route) => {
      scripts.push(route.request().url());
      return route.abort();
    });
    const errors = watchErrors(page, /Failed to load resource/);
    try {
      const answer = await page.goto(`${keyed.url}/commerce/product/${product.id}`);
      const policy = answer?.headers()["content-security-policy"] ?? "";
      expect(policy).toMatch(/script-src [^;]*https:\/\/maps\.googleapis\.com/);
      const where = page.getByRole("region", { name: "Where", exact: true });
      const map = page.getByTestId("listing-map");
      await expect(map).toHaveCount(1);
      await page.waitForTimeout(500);
      expect(scripts, "nothing asked before the section is in view").toEqual([]);
      await where.scrollIntoViewIfNeeded();
      await expect.poll(() => scripts.length).toBeGreaterThan(0);
      expect(new URL(scripts[0]!).searchParams.get("key")).toBe("e2e-maps-public-key");
      // The failure takes the map's box away; the address and the link stay.
      await expect(map).toHaveCount(0);
      await expect(where.getByRole("link", { name: "Open in maps" })).toHaveAttribute(
        "href",
        /^https:\/\/www\.openstreetmap\.org\/\?mlat=/,
      );
      await expectNoSeriousA11yViolations(page);

      // The back office: the map's place says it could not load; the fields still save.
      await signInAsDemoOwner(page, keyed.url);
      await page.goto(
        `${keyed.url}/backoffice/organisation/${demoOrganisation}/commerce/product/${product.id}`,
      );
      const section = page.getByRole("region", { name: "Location" });
      await expect(
        section.getByText("The map could not be loaded. Type the latitude and longitude instead."),
      ).toBeVisible();
      await section.getByLabel("City", { exact: true }).fill("Madrid");
      await section.getByRole("button", { name: "Save location" }).click();
      await expect(page.getByText("Location saved.", { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect(errors, "console errors").toEqual([]);
    } finally {
      await restore(product);
    }
  });
});
