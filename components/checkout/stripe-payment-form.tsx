"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { loadCardProvider } from "@/lib/payments/load-card-provider";

/**
 * Stripe's Payment Element for one order's PaymentIntent. Stripe.js is loaded on this page
 * only; when it cannot load, the loader logs the spec's warnings and the page says card
 * payment is unavailable. Stripe returns the buyer to the payment page, which reads the result.
 */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  returnUrl,
  amount,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  amount: string;
}) {
  const t = useTranslations("checkout.pay");
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void loadCardProvider({ provider: "stripe", publishableKey }).then((provider) => {
      if (cancelled) return;
      if (!provider || provider.kind !== "stripe" || !mount.current) {
        setUnavailable(true);
        return;
      }
      const elements = provider.stripe.elements({ clientSecret });
      elements.create("payment").mount(mount.current);
      setReady({ stripe: provider.stripe, elements });
    });
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret]);
  if (unavailable) return <p className="text-sm font-medium text-danger">{t("unavailable")}</p>;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!ready) return;
        setPaying(true);
        const { error } = await ready.stripe.confirmPayment({
          elements: ready.elements,
          confirmParams: { return_url: new URL(returnUrl, window.location.origin).toString() },
        });
        setPaying(false);
        setMessage(error?.message ?? null);
      }}
    >
      <div ref={mount}>{ready ? null : <p className="text-sm">{t("stripeLoading")}</p>}</div>
      <button type="submit" className="btn btn-primary h-11 px-4" disabled={!ready || paying}>
        {paying ? t("paying") : amount}
      </button>
      <p role="status" aria-live="polite" className="text-sm font-medium text-danger">
        {message}
      </p>
    </form>
  );
}
