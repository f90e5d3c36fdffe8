"use client";

import type { StripeElements } from "@stripe/stripe-js";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { loadCardProvider, type CardProviderConfig } from "@/lib/payments/load-card-provider";

type Labels = { submit: string; unavailable: string; loading: string };

/**
 * Saving a card with Stripe: the Payment Element for the setup's client secret, confirmed
 * by Stripe.js, which returns to the callback page (after the bank's step when there is
 * one). When Stripe.js cannot load, loadCardProvider logs the spec's warning and the form
 * says card payment is unavailable.
 */
export function StripeSetupForm({
  config,
  clientSecret,
  returnPath,
  labels,
  children,
}: {
  config: CardProviderConfig;
  clientSecret: string;
  returnPath: string;
  labels: Labels;
  children?: ReactNode;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "unavailable" | "busy">("loading");
  const [message, setMessage] = useState<string | null>(null);
  const elements = useRef<{ elements: StripeElements; confirm: () => Promise<string | null> }>(
    null,
  );

  useEffect(() => {
    let cancelled = false;
    void loadCardProvider(config).then((provider) => {
      if (cancelled) return;
      if (!provider || provider.kind !== "stripe" || !mount.current || !clientSecret) {
        setState("unavailable");
        return;
      }
      const stripe = provider.stripe;
      const created = stripe.elements({ clientSecret });
      created.create("payment").mount(mount.current);
      elements.current = {
        elements: created,
        confirm: async () => {
          const { error } = await stripe.confirmSetup({
            elements: created,
            confirmParams: { return_url: new URL(returnPath, window.location.origin).href },
          });
          return error?.message ?? null;
        },
      };
      setState("ready");
    });
    return () => {
      cancelled = true;
    };
  }, [config, clientSecret, returnPath]);

  if (state === "unavailable") return <p role="alert">{labels.unavailable}</p>;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!elements.current) return;
        setState("busy");
        void elements.current.confirm().then((error) => {
          setMessage(error);
          setState("ready");
        });
      }}
    >
      {state === "loading" ? <p role="status">{labels.loading}</p> : null}
      <div ref={mount} />
      {message ? <p role="alert">{message}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={state !== "ready"}>
          {labels.submit}
        </Button>
        {children}
      </div>
    </form>
  );
}
