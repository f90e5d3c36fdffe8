"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useId } from "react";
import {
  removeCartLineAction,
  updateCartLineAction,
  type CartActionState,
} from "@/app/[locale]/(public)/commerce/cart/actions";
import { cartProblem } from "@/components/storefront/buy-controls";
import { MAX_LINE_QUANTITY } from "@/lib/cart/sellable-kinds";
import { CART_CHANGED_EVENT } from "@/lib/cart/cart-cookie";

export interface LineControlLabels {
  quantity: string;
  update: string;
  updating: string;
  remove: string;
  /** "Remove {title}", for screen readers. */
  removeNamed: string;
  removing: string;
  updated: string;
  errors: Record<string, string>;
}

const idle: CartActionState = { status: "idle" };

/** After a change: the page shows the cart as it is now, the top bar its new count. */
function useSettled(state: CartActionState) {
  const router = useRouter();
  useEffect(() => {
    if (state.status !== "done") return;
    window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT));
    router.refresh();
  }, [state, router]);
}

/** One line's quantity (with its Update button) and Remove: two small forms, no JavaScript needed. */
export function LineControls({
  lineId,
  quantity,
  labels,
}: {
  lineId: string;
  quantity: number;
  labels: LineControlLabels;
}) {
  const id = useId();
  const [updateState, update, updating] = useActionState(updateCartLineAction, idle);
  const [removeState, remove, removing] = useActionState(removeCartLineAction, idle);
  useSettled(updateState);
  useSettled(removeState);
  const problem =
    cartProblem(updateState, labels.errors) ?? cartProblem(removeState, labels.errors);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-end gap-2">
        <form action={update} className="flex items-end gap-2">
          <input type="hidden" name="lineId" value={lineId} />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-q`} className="text-xs font-medium text-muted-foreground">
              {labels.quantity}
            </label>
            <input
              id={`${id}-q`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LINE_QUANTITY}
              defaultValue={quantity}
              key={quantity}
              required
              className="field-control h-9 w-20"
              aria-describedby={problem ? `${id}-answer` : undefined}
            />
          </div>
          <button type="submit" className="btn btn-outline h-9 px-3" disabled={updating}>
            {updating ? labels.updating : labels.update}
          </button>
        </form>
        <form action={remove}>
          <input type="hidden" name="lineId" value={lineId} />
          <button
            type="submit"
            className="btn btn-ghost h-9 px-3"
            disabled={removing}
            aria-label={labels.removeNamed}
          >
            {removing ? labels.removing : labels.remove}
          </button>
        </form>
      </div>
      <p id={`${id}-answer`} role="status" aria-live="polite" className="text-sm empty:hidden">
        {problem ? <span className="text-danger">{problem}</span> : null}
      </p>
    </div>
  );
}
