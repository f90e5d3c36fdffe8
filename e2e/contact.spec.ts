import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./helpers-axe";

/**
 * The contact journey against the production build in connected mode (dev outbox, since
 * the e2e server has no SMTP_URL): send a message, see the acknowledgement, then find the
 * email at /dev/mailbox. Each run uses a unique address so reruns never collide.
 */
test.describe("contact form", () => {
  test("sends a message and the acknowledgement lands in the dev mailbox", async ({ page }) => {
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    await page.getByLabel("Name").fill("Playwright Tester");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Subject").fill("Hello from e2e");
    await page.getByLabel("Message").fill("This message was written by the end-to-end test.");
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
    await expect(page.getByText(`sent an acknowledgement to ${email}`)).toBeVisible();

    await page.goto("/dev/mailbox");
    const link = page.getByRole("link", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
    await expect(link).toBeVisible();
    await expect(link).toContainText("We received your message: Hello from e2e");
    await link.click();
    await expect(
      page.getByRole("heading", { level: 1, name: "We received your message: Hello from e2e" }),
    ).toBeVisible();
    await expect(page.getByTestId("mail-text")).toContainText("Hello Playwright Tester,");
    await expect(page.getByTestId("mail-text")).toContainText(
      "This message was written by the end-to-end test.",
    );
    const frame = page.frameLocator("iframe[sandbox]");
    await expect(frame.getByRole("heading", { name: "Thank you for contacting us" })).toBeVisible();
  });

  test("shows the spec's message for an invalid email, one error per field", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("This field is required")).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Email").fill("fixed@example.com");
    await expect(page.getByText("Please enter a valid email")).toHaveCount(0);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Name").fill("No Script");
    await page.getByLabel("Email").fill("bad-email");
    await page.getByLabel("Subject").fill("Plain post");
    await page.getByLabel("Message").fill("Sent by a browser without JavaScript.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("No Script");
    await page.getByLabel("Email").fill(`nojs-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
    await context.close();
  });
});
