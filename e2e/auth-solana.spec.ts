import { generateKeyPairSync, sign } from "node:crypto";
import { expect, test } from "./support/test";

/**
 * Sign in with Solana on /login against the production build. The browser has no wallet
 * extension: the test injects a Phantom-like `window.solana` whose signMessage is done in
 * the test process with a real ed25519 key (node:crypto), so the service verifies a real
 * signature of the message auth-js wrote.
 */
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let text = "";
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

test("no wallet in the browser: a clear message", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a Solana wallet" }).click();
  await expect(page.locator("main [role=alert]")).toHaveText(
    "No Solana wallet was found in this browser. Install one (for example Phantom or Solflare), then reload this page.",
  );
});

test("a wallet signs the Sign-In-With-Solana message: signed in, then the redirect target", async ({
  page,
}) => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x ?? "", "base64url");
  const address = base58(raw);
  const signed: string[] = [];
  await page.exposeFunction("__e2eSolanaSign", (messageBase64: string) => {
    const message = Buffer.from(messageBase64, "base64");
    signed.push(message.toString("utf8"));
    return sign(null, message, privateKey).toString("base64");
  });
  await page.addInitScript((walletAddress: string) => {
    const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const base64ToBytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const signer = (window as unknown as { __e2eSolanaSign: (m: string) => Promise<string> })
      .__e2eSolanaSign;
    const wallet = {
      publicKey: null as { toBase58: () => string } | null,
      async connect() {
        wallet.publicKey = { toBase58: () => walletAddress };
        return { publicKey: wallet.publicKey };
      },
      async signMessage(message: Uint8Array) {
        const signature = base64ToBytes(await signer(bytesToBase64(message)));
        return { signature, publicKey: wallet.publicKey };
      },
    };
    (window as unknown as { solana: typeof wallet }).solana = wallet;
  }, address);

  await page.goto("/login?redirect=%2Fprofile");
  await page.getByRole("button", { name: "Sign in with a Solana wallet" }).click();
  await expect(page).toHaveURL(/\/profile\/create\?redirect=%2Fprofile$/, { timeout: 15_000 });

  expect(signed).toHaveLength(1);
  expect(signed[0]).toContain(
    `127.0.0.1:${process.env.E2E_PORT ?? 3100} wants you to sign in with your Solana account:\n${address}\n\nSign in to Live Market\n`,
  );
  const user = await page.request.get("/api/profile/me/user");
  expect(await user.json()).toMatchObject({
    app_metadata: { provider: "web3" },
    identities: [{ provider: "web3", id: `web3:solana:${address}` }],
  });
});
