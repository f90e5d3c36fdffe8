/**
 * The browser's side of moving a guest's carts into the account they sign in with
 * (components/auth/auth-provider.tsx starts it on the session change): forms that navigate
 * right after signing in wait for it, so the page they land on already shows the carts.
 */
let pending: Promise<unknown> = Promise.resolve();

export function trackGuestClaim(claim: Promise<unknown>): void {
  pending = claim.catch(() => undefined);
}

/** Settles when the latest claim has (at most 5 s: never hold a sign-in up for long). */
export function guestClaimSettled(): Promise<unknown> {
  return Promise.race([pending, new Promise((resolve) => setTimeout(resolve, 5000))]);
}
