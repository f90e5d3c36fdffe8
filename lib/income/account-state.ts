/**
 * Where the organisation's payout account stands, from its stored status (payment_accounts,
 * kept by Stripe's `account.updated` events): what the balance page tells the member. Pure.
 */
export type AccountState =
  "ready" | "unfinished" | "moreInformation" | "review" | "rejected" | "pending";

export function accountState(account: {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  disabledReason: string | null;
}): AccountState {
  if (account.payoutsEnabled) return "ready";
  const reason = account.disabledReason ?? "";
  if (reason.startsWith("rejected.")) return "rejected";
  if (!account.detailsSubmitted) return "unfinished";
  if (reason === "requirements.past_due") return "moreInformation";
  if (reason === "requirements.pending_verification" || reason === "under_review") return "review";
  return "pending";
}
