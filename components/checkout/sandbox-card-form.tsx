"use client";

import { useActionState, useId } from "react";
import { useTranslations } from "next-intl";
import { paySandboxAction, type PayState } from "@/app/[locale]/(public)/commerce/checkout/actions";
import { useFieldProblem } from "./field-problem";

const idle: PayState = { status: "idle" };

/**
 * The sandbox provider's card form (Stripe's test card numbers): posts to a server action,
 * so it works without JavaScript; a card needing authentication goes to the challenge page.
 */
export function SandboxCardForm({
  orderId,
  amount,
  errors,
  initialFailure,
}: {
  orderId: string;
  /** "Pay €12.00". */
  amount: string;
  errors: Record<string, string>;
  /** A failure code the page was opened with (back from a failed challenge). */
  initialFailure: string | null;
}) {
  const t = useTranslations("checkout.pay");
  const id = useId();
  const [state, pay, paying] = useActionState(paySandboxAction, idle);
  const problem = useFieldProblem(state);
  const failure = (code: string) => {
    const key = `failed.${code}` as "failed.other";
    return t.has(key) ? t(key) : t("failed.other");
  };
  const answer =
    state.status === "declined"
      ? failure(state.code)
      : state.status === "error"
        ? (errors[state.code] ?? errors.failed)
        : state.status === "failed"
          ? errors.failed
          : state.status === "idle" && initialFailure
            ? failure(initialFailure)
            : null;
  const input = (
    name: string,
    label: string,
    props: { autoComplete: string; inputMode: "numeric" | "text"; placeholder?: string },
  ) => {
    const message = problem(name);
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          required
          {...props}
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
    <form action={pay} className="flex flex-col gap-4" data-testid="card-form">
      <input type="hidden" name="orderId" value={orderId} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">{t("card")}</legend>
        {input("number", t("cardNumber"), { autoComplete: "cc-number", inputMode: "numeric" })}
        <div className="grid grid-cols-2 gap-3">
          {input("expiry", t("expiry"), {
            autoComplete: "cc-exp",
            inputMode: "numeric",
            placeholder: "MM/YY",
          })}
          {input("cvc", t("cvc"), { autoComplete: "cc-csc", inputMode: "numeric" })}
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground">{t("sandboxNote")}</p>
      <button
        type="submit"
        className="btn btn-primary h-11 px-4"
        disabled={paying}
        data-testid="pay-button"
      >
        {paying ? t("paying") : amount}
      </button>
      <p
        role="status"
        aria-live="polite"
        className="text-sm font-medium text-danger"
        data-testid="pay-answer"
      >
        {answer}
      </p>
    </form>
  );
}
