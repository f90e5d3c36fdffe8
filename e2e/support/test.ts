import { test as base, expect, type Browser, type BrowserContext } from "@playwright/test";

export * from "@playwright/test";

/**
 * The `test` every spec imports (from "./support/test", not "@playwright/test"): Playwright's,
 * plus an automatic check that no page the test opened broke the Content-Security-Policy
 * (issue 2.5: zero violations on every page the suite visits). Each browser context the test
 * uses, its own and any it creates with `browser.newContext()`, reports `securitypolicyviolation`
 * events and Chromium's "Content Security Policy" console errors, and next-intl's
 * MISSING_MESSAGE errors (a client component outside the scope of its messages); the test
 * fails at its end if there was one. A test that provokes a violation on purpose reads and empties
 * `cspViolations` itself.
 */
export type CspFixtures = { cspViolations: string[] };

declare global {
  interface Window {
    __e2eCspViolation?: (report: string) => void;
  }
}

async function watch(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding("__e2eCspViolation", (_source, report: string) => {
    violations.push(report);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        window.__e2eCspViolation?.(
          `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} on ${
            event.documentURI
          }${event.sample ? ` (${event.sample})` : ""}${
            event.sourceFile ? ` from ${event.sourceFile}:${event.lineNumber}` : ""
          }`,
        );
      },
      true,
    );
  });
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    // CSP, and a message missing from the catalogues a page's client components were given
    // (next-intl logs MISSING_MESSAGE: components/layout/client-messages.ts scopes them).
    if (/Content Security Policy|MISSING_MESSAGE/.test(message.text())) {
      violations.push(`console: ${message.text()} on ${message.page()?.url() ?? "?"}`);
    }
  });
}

export const test = base.extend<CspFixtures>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watch(context, violations);
      const target = browser as Browser & { newContext: Browser["newContext"] };
      const newContext = target.newContext;
      target.newContext = async (...args) => {
        const created = await newContext.apply(browser, args);
        await watch(created, violations);
        return created;
      };
      await use(violations);
      target.newContext = newContext;
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
