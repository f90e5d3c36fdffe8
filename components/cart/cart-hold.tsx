"use client";

import { useRouter } from "next/navigation";
import { useActionState, useCallback, useEffect } from "react";
import {
  holdCartAgainAction,
  type CartActionState,
} from "@/app/[locale]/(public)/commerce/cart/actions";
import { cartProblem } from "@/components/storefront/buy-controls";
import { HoldCountdown } from "./hold-countdown";

export interface CartHoldLabels {
  heldFor: string;
  heldUntil: string;
  holdEnded: string;
  holdAgain: string;
  holdingAgain: string;
  heldAgain: string;
  notHeld: string;
  errors: Record<string, string>;
}

const idle: CartActionState = { status: "idle" };

/**
 * A cart's hold: the countdown while it runs; once some line's hold has ended, that news and
 * "Hold again", which holds every line that can still be had for 15 more minutes.
 */
export function CartHold({
  cartId,
  endsAt,
  expired,
  labels,
}: {
  cartId: string;
  endsAt: string | null;
  expired: boolean;
  labels: CartHoldLabels;
}) {
  const router = useRouter();
  const [state, action, pending] = useActionState(holdCartAgainAction, idle);
  const refresh = useCallback(() => router.refresh(), [router]);
  useEffect(() => {
    if (state.status === "done") router.refresh();
  }, [state, router]);
  const problem = cartProblem(state, labels.errors);
  const notHeld = state.status === "done" ? (state.data.notHeld ?? 0) : 0;
  return (
    <div
      className="flex flex-col gap-2 rounded-card border border-border bg-surface p-3 text-sm"
      data-testid="cart-hold"
    >
      {endsAt ? (
        <p className="font-medium">
          <HoldCountdown
            endsAt={endsAt}
            untilText={labels.heldUntil}
            forTemplate={labels.heldFor}
            onEnd={refresh}
          />
        </p>
      ) : null}
      {expired ? (
        <form action={action} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="cartId" value={cartId} />
          <p>{labels.holdEnded}</p>
          <button type="submit" className="btn btn-outline h-9 px-3" disabled={pending}>
            {pending ? labels.holdingAgain : labels.holdAgain}
          </button>
        </form>
      ) : null}
      <p role="status" aria-live="polite" className="empty:hidden">
        {problem ??
          (state.status === "done" ? (notHeld > 0 ? labels.notHeld : labels.heldAgain) : null)}
      </p>
    </div>
  );
}
