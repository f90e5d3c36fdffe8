/**
 * The test double of Google's OAuth endpoints for the e2e servers (playwright.config.ts
 * starts it on E2E_PORT + 3 and points the connected server's AUTH_GOOGLE_* settings at it).
 * e2e/auth-google.spec.ts drives it through its /control/* endpoints.
 */
import { startTestOAuthProvider } from "../tests/integration/support/test-oauth-provider";

const [port = "3103", clientId = "", clientSecret = ""] = process.argv.slice(2);

void startTestOAuthProvider({
  clientId,
  clientSecret,
  port: Number(port),
  control: true,
}).then((provider) => {
  console.log(`Test OAuth provider on ${provider.issuer}`);
});
