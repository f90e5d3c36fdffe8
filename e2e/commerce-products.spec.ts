import { type Browser, expect, test } from "./support/test";
import { picture } from "./support/pictures";
import { noSidewaysScroll } from "./support/viewport";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import {
  createConfirmedUser,
  registerOrganisation,
  signInWithProfile,
  signUpAndSignIn,
  sql,
  uniqueEmail,
} from "./support/backoffice";

/**
 * Products from the seller's side to the shopper's (issue 11): an organisation creates a
 * product (bad input refused, nothing written), fills what publishing needs, uploads pictures
 * (a non-picture and an oversized one refused), builds variants from two options, adds typed
 * attributes and an EAN (a wrong check digit refused), previews and publishes it. A visitor
 * finds it through a misspelled search and on the category's landing page, narrows the
 * results by the attribute, opens it, picks a variant (price and stock follow), and a change
 * made in the back office shows on the public page at once. A shopper's review comes with a
 * photo, hidden with the review when the shop reports it. Staff edit but do not publish;
 * another organisation's member gets 404. Screens pass axe and never scroll sideways.
 */

/** Where a signed-out visitor of a back-office path ends up. */
async function signedOutVisit(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  const landed = new URL(page.url()).pathname;
  await context.close();
  return landed;
}

test("a product from creation to the public page, and the rules on the way", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await signUpAndSignIn(page, "products-owner");
  const orgId = await registerOrganisation(page, "Gadget Corner");
  await sql(
    (db) => db`
      insert into organisation_modules (organisation_id, module, tier)
      values (${orgId}, 'commerce', 'free')`,
  );
  const base = `/backoffice/organisation/${orgId}/commerce`;

  // The overview, then a new product: required fields and a price with too many decimals.
  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "Commerce" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "New product" }).first().click();
  await page.waitForURL(`**${base}/product/create`);
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("This field is required").first()).toBeVisible();
  await page.getByLabel("Title").fill("Lumen X2 Smartphone");
  await page.getByLabel(/^Price/).fill("199.999");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(
    page.getByText("Enter an amount with at most as many decimals as the currency has."),
  ).toBeVisible();
  expect(
    await sql((db) => db`select id from listings where organisation_id = ${orgId}`),
  ).toHaveLength(0);
  await page.getByLabel(/^Price/).fill("199.99");
  await page.getByLabel("Category").selectOption("electronics");
  await page.getByRole("button", { name: "Create product" }).click();
  await page.waitForURL(new RegExp(`${base}/product/[0-9a-f-]{36}$`));
  const productUrl = new URL(page.url()).pathname;
  const productId = productUrl.split("/").pop()!;
  await expect(page.getByText("Product created as a draft.", { exact: true })).toBeVisible();
  await expect(page.getByText("Before it can be published, this product needs:")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" })).toBeDisabled();

  // What publishing needs.
  await page.getByLabel("Summary").fill("A bright phone with a week of battery.");
  await page
    .getByLabel("Description")
    .fill("The **Lumen X2** lasts a week on one charge.\n\n- Dual camera\n- Repairable design");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product saved.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);

  // Pictures: two uploaded at once, re-encoded; the second described and made the cover. A
  // file that is not a picture and one over 10 MB are refused with their reasons.
  const gallery = page.getByTestId("gallery-editor");
  await expect(gallery.getByText("No pictures yet.", { exact: false })).toBeVisible();
  await page
    .getByTestId("gallery-input")
    .setInputFiles([
      await picture("front.png", { colour: "#1d4ed8" }),
      await picture("back.jpg", { colour: "#e11d48", format: "jpeg" }),
    ]);
  await expect(page.getByText("2 pictures added", { exact: true })).toBeVisible();
  await expect(gallery.getByTestId("gallery-item")).toHaveCount(2);
  await gallery.getByLabel("Description of picture 2").fill("The Lumen X2 from the back, in red");
  await gallery.getByRole("button", { name: "Save" }).nth(1).click();
  await expect(page.getByText("Description saved", { exact: true })).toBeVisible();
  await gallery.getByRole("button", { name: "Make picture 2 the cover" }).click();
  await expect(page.getByText("Order saved", { exact: true })).toBeVisible();
  await expect(gallery.getByLabel("Description of picture 1")).toHaveValue(
    "The Lumen X2 from the back, in red",
  );
  await page
    .getByTestId("gallery-input")
    .setInputFiles([
      { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") },
    ]);
  await expect(
    gallery.getByText(
      "notes.png: This picture could not be read. Upload a JPEG, PNG, WebP or AVIF image.",
    ),
  ).toBeVisible();
  const oversized = await page.request.post(
    `/api/organisations/${orgId}/products/${productId}/images`,
    { data: Buffer.alloc(11 * 1024 * 1024, 1), headers: { "content-type": "image/png" } },
  );
  expect(oversized.status()).toBe(413);
  expect(await oversized.json()).toMatchObject({ code: "imageTooLarge" });
  await expect(gallery.getByTestId("gallery-item")).toHaveCount(2);
  const pictures = await sql(
    (db) => db`select i.position, i.alt_text, f.content_type, f.is_public
      from listing_images i join organisation_files f on f.id = i.file_id
      where i.listing_id = ${productId} order by i.position`,
  );
  expect(pictures.map((p) => [p.position, p.alt_text, p.content_type, p.is_public])).toEqual([
    [0, "The Lumen X2 from the back, in red", "image/webp", true],
    [1, "", "image/webp", true],
  ]);
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);

  // Variants: two options, built into four combinations with their own prices and stock.
  await page.getByRole("link", { name: "Variants" }).click();
  await page.waitForURL(`**${productUrl}/variants`);
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Name of option 1").fill("Colour");
  await page.getByLabel("Values of option 1").fill("Black, Blue");
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Name of option 2").fill("Storage");
  await page.getByLabel("Values of option 2").fill("64 GB, 128 GB");
  await page.getByRole("button", { name: "Build variants" }).click();
  await expect(page.getByRole("heading", { name: "4 variants" })).toBeVisible();
  await page.getByLabel("Price of Blue / 128 GB", { exact: true }).fill("249");
  await page.getByLabel("Compare-at price of Blue / 128 GB").fill("229");
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByText("The compare-at price must be higher than the price.")).toBeVisible();
  await page.getByLabel("Compare-at price of Blue / 128 GB").fill("279");
  for (const label of ["Black / 64 GB", "Black / 128 GB", "Blue / 64 GB", "Blue / 128 GB"]) {
    await page.getByLabel(`Track stock of ${label}`).check();
    await page
      .getByLabel(`Stock of ${label}`, { exact: true })
      .fill(label === "Blue / 64 GB" ? "0" : "8");
    await page.getByLabel(`SKU of ${label}`).fill(`LX2-${label.replace(/[^A-Za-z0-9]+/g, "-")}`);
  }
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByText("Variants saved.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);
  const variants = await sql(
    (db) => db`select option_values, price_minor, stock from product_variants
      where product_id = ${productId} order by position`,
  );
  expect(variants.map((v) => [v.option_values, Number(v.price_minor), v.stock])).toEqual([
    [["Black", "64 GB"], 19999, 8],
    [["Black", "128 GB"], 19999, 8],
    [["Blue", "64 GB"], 19999, 0],
    [["Blue", "128 GB"], 24900, 8],
  ]);

  // A typed attribute shoppers can filter by.
  await page.getByRole("link", { name: "Attributes" }).click();
  await page.getByRole("link", { name: "New attribute" }).click();
  await page.getByLabel("Name").fill("Wireless charging");
  await page.getByLabel("Type").selectOption("boolean");
  await page.getByLabel("Value").selectOption("true");
  await page.getByRole("button", { name: "Add attribute" }).click();
  await expect(page.getByRole("link", { name: "Wireless charging" })).toBeVisible();

  // An EAN: the wrong check digit is refused on its field, the right one is kept.
  await page.getByRole("link", { name: "External identification" }).click();
  await page.getByRole("link", { name: "New identification" }).click();
  await page.getByLabel("Type").selectOption("ean");
  await page.getByLabel("Code").fill("4006381333932");
  await page.getByRole("button", { name: "Add identification" }).click();
  await expect(
    page.getByText("The check digit is wrong: check the code for a typo."),
  ).toBeVisible();
  await page.getByLabel("Code").fill("400-6381-33393-1");
  await page.getByRole("button", { name: "Add identification" }).click();
  await expect(page.getByRole("link", { name: "4006381333931" })).toBeVisible();

  // Staff edit drafts but cannot publish; another organisation's member gets 404.
  const staffEmail = uniqueEmail("products-staff");
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await createConfirmedUser(staff, staffEmail);
  await sql(
    (db) => db`
      insert into employments (organisation_id, user_id, role_id)
      select ${orgId}, u.id, r.id from auth.users u, roles r
      where u.email = ${staffEmail} and r.organisation_id = ${orgId} and r.builtin_key = 'staff'`,
  );
  await signInWithProfile(staff, staffEmail, "E2E products staff");
  await staff.goto(productUrl);
  await expect(staff.getByRole("heading", { level: 1, name: "Lumen X2 Smartphone" })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Archive" })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await staffContext.close();
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signUpAndSignIn(stranger, "products-stranger");
  for (const path of [
    base,
    `${base}/product`,
    productUrl,
    `${productUrl}/variants`,
    `${productUrl}/preview`,
  ]) {
    expect((await stranger.goto(path))?.status(), path).toBe(404);
  }
  await strangerContext.close();

  // The preview: the draft's page as shoppers will see it, pictures first.
  await page.goto(productUrl);
  await page.getByRole("link", { name: "Preview" }).click();
  await page.waitForURL(`**${productUrl}/preview`);
  await expect(page.getByRole("note")).toContainText(
    "This is how shoppers will see the page once the product is published",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Lumen X2 Smartphone" })).toBeVisible();
  await expect(
    page.getByTestId("product-gallery").getByRole("img", {
      name: "The Lumen X2 from the back, in red",
    }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);
  expect(await signedOutVisit(browser, `${productUrl}/preview`)).toBe("/login");

  // Publish: the product is on the public landing page of its category.
  await page.goto(productUrl);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(
    page.getByText("Published: the product is now in the marketplace.", { exact: true }),
  ).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  // Found through a misspelled search: "lumne" is corrected to the product's own word.
  await visitor.goto("/search?q=lumne");
  await expect(visitor.getByTestId("search-corrected")).toContainText("lumen");
  await expect(
    visitor.getByRole("main").getByRole("link", { name: "Lumen X2 Smartphone" }),
  ).toBeVisible();
  await visitor.goto("/commerce/product?category=electronics");
  await expect(visitor.getByRole("heading", { level: 1, name: "Electronics" })).toBeVisible();
  const filters = visitor.getByRole("search", { name: "Filter products" });
  await filters.getByRole("group", { name: "Wireless charging" }).getByLabel("Yes").check();
  await filters.getByRole("button", { name: "Show results" }).click();
  await expect(visitor).toHaveURL(/attr=Wireless\+charging%3Atrue/);
  await expect(visitor.getByRole("heading", { name: "1 product" })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await noSidewaysScroll(visitor);
  await visitor.getByRole("link", { name: "Lumen X2 Smartphone" }).click();
  await visitor.waitForURL(`**/commerce/product/${productId}`);
  await expect(
    visitor.getByRole("heading", { level: 1, name: "Lumen X2 Smartphone" }),
  ).toBeVisible();
  await expect(visitor.getByText("Sold by Gadget Corner")).toBeVisible();
  // The cover first, with its description; served by the optimizer at the page's sizes.
  const cover = visitor.getByTestId("product-gallery").getByRole("img").first();
  await expect(cover).toHaveAttribute("alt", "The Lumen X2 from the back, in red");
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(cover).toHaveAttribute("srcset", /\/_next\/image\?url=%2Fapi%2Fpublic-files%2F/);
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/api\/public-files\/[0-9a-f-]{36}$/,
  );
  await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
  await expect(visitor.getByRole("rowheader", { name: "Wireless charging" })).toBeVisible();
  await visitor.getByLabel("Colour").selectOption("Blue");
  await visitor.getByLabel("Storage").selectOption("64 GB");
  await expect(visitor.getByTestId("variant-stock")).toHaveText("Out of stock");
  await visitor.getByLabel("Storage").selectOption("128 GB");
  await expect(visitor.getByTestId("variant-price")).toHaveText("$249.00");
  await expect(visitor.getByTestId("variant-stock")).toHaveText("In stock");
  await expectNoSeriousA11yViolations(visitor);
  await noSidewaysScroll(visitor);
  const jsonLd = await visitor.locator('script[type="application/ld+json"]').allTextContents();
  const product = jsonLd
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((d) => d["@type"] === "Product");
  expect(product).toMatchObject({
    name: "Lumen X2 Smartphone",
    gtin: "4006381333931",
    offers: {
      "@type": "AggregateOffer",
      lowPrice: "199.99",
      highPrice: "249.00",
      priceCurrency: "USD",
    },
  });

  // A change in the back office shows on the public page on the next request.
  await page.getByLabel("Title").fill("Lumen X3 Smartphone");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product saved.", { exact: true })).toBeVisible();
  await visitor.reload();
  await expect(
    visitor.getByRole("heading", { level: 1, name: "Lumen X3 Smartphone" }),
  ).toBeVisible();

  // A shopper reviews it; the shop answers; a reported review is hidden from the public.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await signUpAndSignIn(shopper, "products-shopper");
  await shopper.goto(`/commerce/product/${productId}`);
  await expect(shopper.getByRole("heading", { name: "Reviews" })).toBeVisible();
  await expect(shopper.getByText("No reviews yet. Be the first to write one.")).toBeVisible();
  await shopper.getByRole("radio", { name: "4 stars" }).check();
  await shopper.getByLabel("Title (optional)").fill("Lasts all week");
  await shopper.getByLabel("Your review", { exact: true }).fill("The battery really lasts a week.");
  await shopper
    .getByLabel("Photos (optional)")
    .setInputFiles([await picture("my-phone.jpg", { colour: "#16a34a", format: "jpeg" })]);
  await shopper.getByRole("button", { name: "Publish review" }).click();
  await expect(shopper.getByText("Thank you: your review is published.")).toBeVisible();
  await expect(
    shopper.getByRole("listitem").getByText("The battery really lasts a week."),
  ).toBeVisible();
  const reviewPhoto = shopper.getByRole("img", { name: /^Photo 1 by / });
  await expect(reviewPhoto).toBeVisible();
  // Loaded, not only in the page: a broken image never gets a width.
  await expect
    .poll(() =>
      reviewPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(shopper.getByRole("img", { name: "Your photo 1" })).toBeVisible();
  await expect(shopper.getByRole("heading", { name: "Your review" })).toBeVisible();
  await expectNoSeriousA11yViolations(shopper);
  await page.goto(`/backoffice/organisation/${orgId}/review`);
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  await page.getByLabel("Your public answer").fill("Thank you for the kind words!");
  await page.getByRole("button", { name: "Answer" }).click();
  await expect(page.getByText("Answer saved.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await visitor.goto(`/commerce/product/${productId}`);
  await expect(visitor.getByText("Thank you for the kind words!")).toBeVisible();
  await expect(visitor.getByText("4 out of 5", { exact: false }).first()).toBeVisible();
  await page.getByText("Report to moderation").click();
  await page.getByLabel("Why does this review break the rules?").fill("Off-topic");
  await page.getByRole("button", { name: "Report", exact: true }).click();
  await expect(
    page.getByText("Reported: the review is hidden until a moderator decides.", { exact: true }),
  ).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText("The battery really lasts a week.")).toHaveCount(0);
  await expect(visitor.getByRole("img", { name: /^Photo 1 by / })).toHaveCount(0);
  await shopper.reload();
  await expect(
    shopper.getByText(
      "Your review was reported to moderation and is hidden until a moderator decides.",
    ),
  ).toBeVisible();
  await shopperContext.close();

  // Unpublished, it is gone from the public pages.
  await page.goto(productUrl);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(
    page.getByText("Unpublished: the product is a draft again.", { exact: true }),
  ).toBeVisible();
  expect((await visitor.goto(`/commerce/product/${productId}`))?.status()).toBe(404);
  await visitorContext.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page's filters and pages are plain links and forms", async ({ page }) => {
    await page.goto("/commerce");
    await expect(page.getByRole("heading", { level: 1, name: "Commerce" })).toBeVisible();
    await page
      .getByRole("link", { name: /^Books/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/commerce\/product\?category=books$/);
    await expect(page.getByRole("heading", { level: 1, name: "Books" })).toBeVisible();
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.getByRole("button", { name: "Show results" }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    const prices = await page.locator(".sf-card").count();
    expect(prices).toBeGreaterThan(1);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  });
});
