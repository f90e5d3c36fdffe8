"use client";

import Link from "next/link";
import { useEffect, useId, useRef } from "react";
import type { CartActionState } from "@/app/[locale]/(public)/commerce/cart/actions";
import { syncSessionAttribute } from "@/components/layout/session-cookie";
import { MAX_LINE_QUANTITY } from "@/lib/cart/sellable-kinds";
import { CART_CHANGED_EVENT } from "@/lib/cart/cart-cookie";

export interface BuyLabels {
  quantity: string;
  add: string;
  adding: string;
  added: string;
  viewCart: string;
  /** By error code (backoffice.errors keys), plus `failed` and `invalid`. */
  errors: Record<string, string>;
}

/** What an answer of the cart's actions says to the shopper; null when it went through. */
export function cartProblem(state: CartActionState, errors: Record<string, string>) {
  if (state.status === "error") return errors[state.code] ?? errors.failed ?? "";
  if (state.status === "invalid") return errors.invalid ?? "";
  if (state.status === "failed") return errors.failed ?? "";
  return null;
}

/**
 * The buy box's quantity, button and answer (inside the variant picker's form, so the chosen
 * options travel with it, with or without JavaScript). After an add, the top bar's count and
 * session marks follow.
 */
export function BuyControls({
  state,
  pending,
  canBuy,
  labels,
}: {
  state: CartActionState;
  pending: boolean;
  canBuy: boolean;
  labels: BuyLabels;
}) {
  const id = useId();
  const seen = useRef<CartActionState | null>(null);
  useEffect(() => {
    if (state.status !== "done" || seen.current === state) return;
    seen.current = state;
    syncSessionAttribute();
    window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT));
  }, [state]);
  const problem = cartProblem(state, labels.errors);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-quantity`} className="text-sm font-medium">
            {labels.quantity}
          </label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LINE_QUANTITY}
            defaultValue={1}
            required
            className="field-control h-10 w-24"
            aria-describedby={problem ? `${id}-answer` : undefined}
          />
        </div>
        <button
          type="submit"
          className="btn btn-primary h-10 px-5"
          disabled={!canBuy || pending}
          aria-disabled={!canBuy || pending}
          data-testid="add-to-cart"
        >
          {pending ? labels.adding : labels.add}
        </button>
      </div>
      <p id={`${id}-answer`} role="status" aria-live="polite" className="min-h-5 text-sm">
        {problem ? (
          <span className="text-danger">{problem}</span>
        ) : state.status === "done" ? (
          <>
            {labels.added}{" "}
            <Link
              href={`/commerce/cart/${state.data.cartId}`}
              className="font-medium text-primary-text underline underline-offset-4"
            >
              {labels.viewCart}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
