"use client";

import { useActionState, useId, useMemo, useState, type ReactNode } from "react";
import {
  addToCartAction,
  type CartActionState,
} from "@/app/[locale]/(public)/commerce/cart/actions";
import { BuyControls, type BuyLabels } from "./buy-controls";
import { useOfferRunning } from "./offer-until";

export interface PickerVariant {
  id: string;
  optionValues: string[];
  priceMinor: number;
  compareAtMinor: number | null;
  available: boolean;
  stock: number | null;
  /** The running offer's price for this variant with its texts (server-made), or null. */
  offer?: {
    priceMinor: number;
    endsAt: string;
    ends: string;
    saved: string;
    savedLabel: string;
  } | null;
}

export interface PickerLabels {
  price: string;
  was: string;
  offerPrice?: string;
  inStock: string;
  fewLeft: string;
  outOfStock: string;
  unavailable: string;
}

const idle: CartActionState = { status: "idle" };

/**
 * The product page's variant picker: one select per option; the price, the "was" price (or a
 * running offer's price over the normal price struck through, and when the offer ends) and
 * the availability follow the chosen combination. Server-rendered with the first available
 * variant chosen, so the page reads the same without JavaScript. `{count}` in `fewLeft` is
 * the units left. With `buy` (the public page) it is the buy box: a form that adds the chosen
 * combination to the cart (the selects are its fields, so it posts without JavaScript too).
 */
export function VariantPicker({
  options,
  variants,
  locale,
  currency,
  digits,
  labels,
  buy,
}: {
  options: { name: string; values: string[] }[];
  variants: PickerVariant[];
  locale: string;
  currency: string;
  digits: number;
  labels: PickerLabels;
  buy?: { productId: string; labels: BuyLabels };
}) {
  const [state, formAction, pending] = useActionState(addToCartAction, idle);
  const id = useId();
  const initial = variants.find((v) => v.available) ?? variants[0];
  const [chosen, setChosen] = useState<string[]>(initial?.optionValues ?? []);
  const current = useMemo(
    () => variants.find((v) => v.optionValues.every((value, i) => value === chosen[i])),
    [variants, chosen],
  );
  // An offer shows until its end passes by the browser's clock (the page may be cached).
  const offerRunning = useOfferRunning(current?.offer?.endsAt ?? null);
  const offer = offerRunning ? current?.offer : null;
  const money = (minor: number) =>
    new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 10 ** digits);
  const body: ReactNode = (
    <>
      {options.map((option, index) => (
        <div key={option.name} className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-${index}`} className="text-sm font-medium">
            {option.name}
          </label>
          <select
            id={`${id}-${index}`}
            name={buy ? "option" : undefined}
            className="field-control h-10"
            value={chosen[index] ?? ""}
            onChange={(event) =>
              setChosen((values) => values.map((v, i) => (i === index ? event.target.value : v)))
            }
          >
            {option.values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div aria-live="polite" className="flex flex-col gap-1" data-testid="variant-summary">
        {current ? (
          <>
            {offer ? (
              <div className="flex flex-col gap-1" data-testid="variant-offer">
                <p className="flex flex-wrap items-baseline gap-x-3">
                  <span className="sr-only">{labels.offerPrice ?? labels.price} </span>
                  <span
                    className="text-2xl font-semibold text-primary-text"
                    data-testid="variant-price"
                  >
                    {money(offer.priceMinor)}
                  </span>
                  <s className="text-muted-foreground" data-testid="variant-normal-price">
                    <span className="sr-only">{labels.was} </span>
                    {money(current.priceMinor)}
                  </s>
                  <span className="badge badge-accent">
                    <span aria-hidden>{offer.saved}</span>
                    <span className="sr-only">{offer.savedLabel}</span>
                  </span>
                </p>
                <p className="text-sm text-muted-foreground" data-testid="variant-offer-ends">
                  {offer.ends}
                </p>
              </div>
            ) : (
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="sr-only">{labels.price} </span>
                <span className="text-2xl font-semibold" data-testid="variant-price">
                  {money(current.priceMinor)}
                </span>
                {current.compareAtMinor !== null ? (
                  <s className="text-muted-foreground">
                    <span className="sr-only">{labels.was} </span>
                    {money(current.compareAtMinor)}
                  </s>
                ) : null}
              </p>
            )}
            <p
              className={current.available ? "text-sm text-primary-text" : "text-sm text-danger"}
              data-testid="variant-stock"
            >
              {!current.available
                ? labels.outOfStock
                : current.stock !== null && current.stock <= 5
                  ? labels.fewLeft.replace("{count}", String(current.stock))
                  : labels.inStock}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{labels.unavailable}</p>
        )}
      </div>
      {buy ? (
        <BuyControls
          state={state}
          pending={pending}
          canBuy={Boolean(current?.available)}
          labels={buy.labels}
        />
      ) : null}
    </>
  );
  return buy ? (
    <form action={formAction} className="flex flex-col gap-4" data-testid="buy-box">
      <input type="hidden" name="productId" value={buy.productId} />
      {body}
    </form>
  ) : (
    <div className="flex flex-col gap-4">{body}</div>
  );
}
