import { afterEach, describe, expect, it, vi } from "vitest";
import { connectSolanaWallet, hasSolanaWallet, standardWallets } from "./solana-wallet";

function fakeWindow(extra: Record<string, unknown> = {}) {
  const target = new EventTarget();
  const page = Object.assign(target, extra);
  vi.stubGlobal("window", page);
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADDRESS = "7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs";

describe("Solana wallet detection", () => {
  it("finds nothing in a page without a wallet", async () => {
    fakeWindow();
    expect(hasSolanaWallet()).toBe(false);
    expect(await connectSolanaWallet()).toBeNull();
  });

  it("connects an injected provider first and unwraps its { signature } answer", async () => {
    const signature = new Uint8Array(64).fill(9);
    const provider = {
      publicKey: null as { toBase58: () => string } | null,
      connect: vi.fn(async () => {
        provider.publicKey = { toBase58: () => ADDRESS };
      }),
      signMessage: vi.fn(async () => ({ signature, publicKey: provider.publicKey })),
    };
    fakeWindow({ solana: provider });
    expect(hasSolanaWallet()).toBe(true);
    const wallet = await connectSolanaWallet();
    expect(provider.connect).toHaveBeenCalledOnce();
    expect(wallet?.publicKey.toBase58()).toBe(ADDRESS);
    const message = new TextEncoder().encode("hello");
    expect(await wallet?.signMessage(message)).toBe(signature);
    expect(provider.signMessage).toHaveBeenCalledWith(message, "utf8");
  });

  it("prefers window.phantom.solana and accepts a bare Uint8Array signature", async () => {
    const signature = new Uint8Array(64).fill(1);
    fakeWindow({
      solana: { publicKey: { toBase58: () => "other" }, signMessage: async () => new Uint8Array() },
      phantom: {
        solana: { publicKey: { toBase58: () => ADDRESS }, signMessage: async () => signature },
      },
    });
    const wallet = await connectSolanaWallet();
    expect(wallet?.publicKey.toBase58()).toBe(ADDRESS);
    expect(await wallet?.signMessage(new Uint8Array([1]))).toBe(signature);
  });

  it("uses a Wallet Standard wallet that registers on app-ready", async () => {
    const page = fakeWindow();
    const signature = new Uint8Array(64).fill(4);
    const account = { address: ADDRESS, chains: ["solana:mainnet"] };
    const signMessage = vi.fn(async () => [{ signature }]);
    const standard = {
      name: "Test Wallet",
      features: {
        "standard:connect": { connect: async () => ({ accounts: [account] }) },
        "solana:signMessage": { signMessage },
      },
    };
    const ethereumOnly = { name: "Other", features: { "standard:connect": {} } };
    page.addEventListener("wallet-standard:app-ready", (event) => {
      const { register } = (event as CustomEvent<{ register: (...w: unknown[]) => void }>).detail;
      register(standard, ethereumOnly);
    });
    expect(standardWallets()).toEqual([standard]);
    expect(hasSolanaWallet()).toBe(true);
    const wallet = await connectSolanaWallet();
    expect(wallet?.publicKey.toBase58()).toBe(ADDRESS);
    const message = new Uint8Array([104, 105]);
    expect(await wallet?.signMessage(message)).toBe(signature);
    expect(signMessage).toHaveBeenCalledWith({ account, message });
  });
});
