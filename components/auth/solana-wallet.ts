/**
 * Finding a Solana wallet in the page and giving it the shape auth-js `signInWithWeb3`
 * accepts (`publicKey.toBase58()` and `signMessage(bytes) → Uint8Array`). Two sources:
 * injected providers (`window.phantom.solana`, `window.solana`: Phantom, Solflare, …;
 * connected first when needed) and Wallet Standard wallets (registered through the
 * `wallet-standard:app-ready` event) that offer `standard:connect` and `solana:signMessage`.
 */
export type Web3Wallet = {
  publicKey: { toBase58: () => string };
  signMessage: (message: Uint8Array, encoding?: string) => Promise<Uint8Array>;
};

type Signature = Uint8Array | { signature: Uint8Array };

type InjectedProvider = {
  publicKey?: { toBase58: () => string } | null;
  connect?: () => Promise<unknown>;
  signMessage?: (message: Uint8Array, encoding?: "utf8") => Promise<Signature>;
};

type StandardAccount = { address: string; chains?: readonly string[] };

type StandardWallet = {
  name?: string;
  accounts?: readonly StandardAccount[];
  features?: Record<string, unknown>;
};

type ConnectFeature = { connect: () => Promise<{ accounts: readonly StandardAccount[] }> };
type SignMessageFeature = {
  signMessage: (input: {
    account: StandardAccount;
    message: Uint8Array;
  }) => Promise<readonly { signature: Uint8Array }[]>;
};

type WalletWindow = Window & { solana?: InjectedProvider; phantom?: { solana?: InjectedProvider } };

const signatureBytes = (value: Signature): Uint8Array =>
  value instanceof Uint8Array ? value : value.signature;

function injectedProvider(): InjectedProvider | null {
  const w = window as WalletWindow;
  const provider = w.phantom?.solana ?? w.solana;
  return provider && typeof provider.signMessage === "function" ? provider : null;
}

/** The Wallet Standard wallets present now (each answers app-ready by registering). */
export function standardWallets(): StandardWallet[] {
  const found: StandardWallet[] = [];
  const register = (...wallets: StandardWallet[]) => {
    found.push(...wallets);
    return () => {};
  };
  window.dispatchEvent(
    new CustomEvent("wallet-standard:app-ready", { detail: Object.freeze({ register }) }),
  );
  return found.filter(
    (wallet) =>
      !!wallet.features?.["standard:connect"] && !!wallet.features?.["solana:signMessage"],
  );
}

/** Whether a wallet seems to be present (no prompt is shown). */
export function hasSolanaWallet(): boolean {
  return injectedProvider() !== null || standardWallets().length > 0;
}

/** Connects the first wallet found; null when there is none. */
export async function connectSolanaWallet(): Promise<Web3Wallet | null> {
  const provider = injectedProvider();
  if (provider?.signMessage) {
    if (!provider.publicKey && provider.connect) await provider.connect();
    const publicKey = provider.publicKey;
    const sign = provider.signMessage.bind(provider);
    if (!publicKey) return null;
    return {
      publicKey,
      signMessage: async (message) => signatureBytes(await sign(message, "utf8")),
    };
  }
  const [wallet] = standardWallets();
  if (!wallet?.features) return null;
  const connect = wallet.features["standard:connect"] as ConnectFeature;
  const signMessage = wallet.features["solana:signMessage"] as SignMessageFeature;
  const { accounts } = await connect.connect();
  const account =
    accounts.find((candidate) => candidate.chains?.some((chain) => chain.startsWith("solana:"))) ??
    accounts[0];
  if (!account) return null;
  return {
    publicKey: { toBase58: () => account.address },
    signMessage: async (message) => {
      const [output] = await signMessage.signMessage({ account, message });
      if (!output) throw new Error("The wallet returned no signature");
      return output.signature;
    },
  };
}
