import { expect, test, type Page } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { registerOrganisation, signUpAndSignIn, sql } from "./support/backoffice";
import { publishProduct } from "./support/shop";

/**
 * The organisation's money (docs/income.md): a buyer pays an order; the owner finds the charge
 * under payment with the free tier's fee, refunds part of it from the charge with the item put
 * back in stock, sees the refund in payment/refunds and the balance, then (the hold passed)
 * requests a sandbox payout.
 */
async function pay(page: Page, productId: string, shop: string) {
  await page.goto(`/commerce/product/${productId}`);
  await page.getByTestId("buy-box").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
  await page.goto("/commerce/cart");
  await page.getByRole("link", { name: `Open your cart at ${shop}` }).click();
  await page.getByTestId("go-to-checkout").click();
  await page.waitForURL(/\/checkout$/);
  await page.getByLabel("Full name").fill("Ana Buyer");
  await page.getByTestId("place-order").click();
  await page.waitForURL(/\/commerce\/checkout\/[0-9a-f-]{36}$/);
  const form = page.getByTestId("card-form");
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry (MM/YY)").fill("12/40");
  await form.getByLabel("Security code (CVC)").fill("123");
  await form.getByTestId("pay-button").click();
  await page.waitForURL(/\/profile\/order\/[0-9a-f-]{36}\?paid=1$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("the owner sees a charge, refunds part of it, and pays the balance out", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await (await browser.newContext()).newPage();
  await signUpAndSignIn(owner, "income-owner");
  const shop = await registerOrganisation(owner, "Income Shop");
  await sql(
    (
      db,
    ) => db`insert into organisation_modules (organisation_id, module) values (${shop}, 'commerce')
      on conflict do nothing`,
  );
  const product = await publishProduct(
    shop,
    "Wool Scarf",
    [],
    [{ values: [], price: 4000, stock: 5 }],
  );
  await signUpAndSignIn(page, "income-buyer");
  const orderId = await pay(page, product, "Income Shop");

  const base = `/backoffice/organisation/${shop}/payment`;
  await owner.goto(base);
  await expect(owner.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  // Free tier: 5 % of €40.00; on hold for 7 days.
  await expect(owner.getByTestId("income-pending")).toHaveText("€38.00");
  await expect(owner.getByTestId("income-available")).toHaveText("€0.00");
  await expectNoSeriousA11yViolations(owner);

  await owner.getByRole("link", { name: "All charges" }).click();
  await owner.waitForURL(`**${base}/charge`);
  const row = owner.getByTestId("income-charge-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Ana Buyer");
  await expect(row).toContainText("€2.00");
  await owner.getByLabel("Status").selectOption("refunded");
  await owner.getByRole("button", { name: "Apply" }).click();
  await expect(owner).toHaveURL(/status=refunded/);
  await expect(owner.getByTestId("income-charge-row")).toHaveCount(0);
  await owner.goto(`${base}/charge`);
  await owner.getByTestId("income-charge-row").getByRole("link").click();
  await expect(owner).toHaveURL(new RegExp(`charge\\?id=${orderId}$`));
  const stock = async () =>
    (
      await sql(
        (db) => db<{ stock: number }[]>`select stock from product_variants
          where product_id = ${product}`,
      )
    )[0]?.stock;
  // The paid order took one of the 5; the scarf came back, so the owner restocks it.
  expect(await stock()).toBe(4);
  await owner.getByLabel("Amount (EUR)").fill("10.00");
  await owner.getByLabel("Put the items back in stock").check();
  await owner.getByTestId("refund-submit").click();
  await expect(owner.getByTestId("income-notice")).toBeVisible();
  expect(await stock()).toBe(5);
  await expect(owner.getByTestId("charge-refunds")).toContainText("Items put back in stock");
  // Once per order: the box is gone from the next refund.
  await expect(owner.getByLabel("Put the items back in stock")).toHaveCount(0);
  await expectNoSeriousA11yViolations(owner);
  await owner.setViewportSize({ width: 360, height: 800 });
  await noSidewaysScroll(owner, [360]);
  await owner.setViewportSize({ width: 1280, height: 800 });

  await owner.goto(`${base}/refunds`);
  await expect(owner.getByTestId("income-refund-row")).toContainText("€10.00");
  await expect(owner.getByTestId("income-refund-row")).toContainText("Refunded");

  // The hold passes: the rest of the charge is available and is paid out.
  await sql(
    (db) => db`update payment_balance_entries set available_on = now() - interval '1 second'
      where organisation_id = ${shop}`,
  );
  await owner.goto(`${base}/balance`);
  // €38.00 − (€10.00 − €0.50 fee given back) = €28.50.
  await expect(owner.getByTestId("balance-available")).toHaveText("€28.50");
  await expect(owner.getByTestId("entry-row")).toHaveCount(2);
  await expect(owner.getByLabel("Amount")).toHaveValue("28.50");
  await owner.getByTestId("payout-submit").click();
  await expect(owner.getByTestId("income-notice")).toBeVisible();
  await expect(owner.getByTestId("payout-row")).toContainText("Paid");
  await expect(owner.getByTestId("balance-available")).toHaveText("€0.00");
  await expectNoSeriousA11yViolations(owner);
});
