"use client";

import Link from "next/link";
import { useActionState, useId } from "react";
import { useTranslations } from "next-intl";
import {
  placeOrderAction,
  repriceCheckoutAction,
  type CheckoutState,
} from "@/app/[locale]/(public)/commerce/checkout/actions";
import { useFieldProblem } from "./field-problem";

export interface CheckoutFormProps {
  cartId: string;
  expectedTotalMinor: number;
  contact: { name: string; email: string; phone: string };
  /** Delivery options with their labels (price included), the chosen one first or marked. */
  options: { id: string; label: string }[];
  delivery: string;
  addresses: { id: string; label: string }[];
  addressId: string | null;
  discountCode: string | null;
  /** The answers' texts by code (no error catalogue in the browser). */
  errors: Record<string, string>;
  canPlace: boolean;
}

const idle: CheckoutState = { status: "idle" };

/**
 * The checkout form: contact, delivery, address and discount code. "Update total" shows the
 * page again priced for the choices; "Place order and pay" places it. Both work without
 * JavaScript (server actions that redirect).
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const t = useTranslations("checkout");
  const id = useId();
  const [state, place, placing] = useActionState(placeOrderAction, idle);
  const problem = useFieldProblem(state);
  const answer =
    state.status === "error"
      ? (props.errors[state.code] ?? props.errors.failed)
      : state.status === "failed"
        ? props.errors.failed
        : state.status === "invalid"
          ? props.errors.invalid
          : null;
  const field = (name: string, label: string, type: string, value: string, required = true) => {
    const message = problem(name);
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          defaultValue={value}
          required={required}
          autoComplete={name === "name" ? "name" : name === "email" ? "email" : "tel"}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-${name}-problem` : undefined}
          className="field-control h-10"
        />
        {message ? (
          <p id={`${id}-${name}-problem`} className="text-sm text-danger">
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form action={place} className="flex flex-col gap-6" data-testid="checkout-form">
      <input type="hidden" name="cartId" value={props.cartId} />
      <input type="hidden" name="expectedTotalMinor" value={props.expectedTotalMinor} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">{t("contact")}</legend>
        {field("name", t("name"), "text", props.contact.name)}
        {field("email", t("email"), "email", props.contact.email)}
        {field("phone", t("phone"), "tel", props.contact.phone, false)}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold">{t("delivery")}</legend>
        {props.options.map((option) => (
          <label key={option.id} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="delivery"
              value={option.id}
              defaultChecked={option.id === props.delivery}
              className="mt-1"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      {props.options.some((option) => option.id !== "pickup") ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-lg font-semibold">{t("address")}</legend>
          {props.addresses.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noAddresses")}</p>
          ) : (
            props.addresses.map((address) => (
              <label key={address.id} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="addressId"
                  value={address.id}
                  defaultChecked={address.id === props.addressId}
                  className="mt-1"
                />
                <span className="whitespace-pre-line">{address.label}</span>
              </label>
            ))
          )}
          {problem("addressId") ? (
            <p className="text-sm text-danger">{problem("addressId")}</p>
          ) : null}
          <Link
            href="/profile/my-addresses/create"
            className="text-sm text-primary-text underline underline-offset-4"
          >
            {t("addAddress")}
          </Link>
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-code`} className="text-sm font-medium">
          {t("discount")}
        </label>
        <input
          id={`${id}-code`}
          name="discountCode"
          defaultValue={props.discountCode ?? ""}
          autoComplete="off"
          className="field-control h-10 uppercase"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          formAction={repriceCheckoutAction}
          className="btn btn-outline h-10 px-4"
          formNoValidate
        >
          {t("update")}
        </button>
        <button
          type="submit"
          className="btn btn-primary h-10 px-4"
          disabled={placing || !props.canPlace}
          data-testid="place-order"
        >
          {placing ? t("placing") : t("place")}
        </button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className="text-sm font-medium text-danger"
        data-testid="checkout-answer"
      >
        {answer}
      </p>
    </form>
  );
}
