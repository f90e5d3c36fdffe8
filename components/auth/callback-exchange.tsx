"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import {
  completeCallbackAction,
  type CallbackActionState,
} from "@/app/[locale]/(auth)/callback/actions";
import { Button } from "@/components/ui/button";
import { CallbackError } from "./callback-error";

export type CallbackPayload = { code: string; next: string };

const INITIAL: CallbackActionState = { error: null };

/**
 * Sends the PKCE code to the server action once, on arrival; without JavaScript the visitor
 * presses "Continue" (a POST: the code never goes into another URL). The server writes the
 * session cookies.
 */
export function CallbackExchange({ payload }: { payload: CallbackPayload }) {
  const t = useTranslations("auth");
  const [state, action, pending] = useActionState(completeCallbackAction, INITIAL);
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    formRef.current?.requestSubmit();
  }, []);

  if (state.error) return <CallbackError reason={state.error} />;
  return (
    <form
      ref={formRef}
      action={action}
      method="post"
      aria-busy={pending}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="code" value={payload.code} />
      <input type="hidden" name="next" value={payload.next} />
      <p role="status" className="text-muted-foreground">
        {t("callback.working")}
      </p>
      <div>
        <Button type="submit" disabled={pending}>
          {t("callback.continue")}
        </Button>
      </div>
    </form>
  );
}
