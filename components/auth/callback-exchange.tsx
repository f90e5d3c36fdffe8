"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { completeCallbackAction, type CallbackActionState } from "@/app/(auth)/callback/actions";
import { Button } from "@/components/ui/button";
import { CallbackError } from "./callback-error";

export type CallbackPayload =
  { code: string; next: string } | { accessToken: string; refreshToken: string; next: string };

const INITIAL: CallbackActionState = { error: null };

/**
 * Sends the code (or the implicit session) to the server action once, on arrival; without
 * JavaScript the visitor presses "Continue". The server writes the session cookies.
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
    <form ref={formRef} action={action} aria-busy={pending} className="flex flex-col gap-4">
      {"code" in payload ? (
        <input type="hidden" name="code" value={payload.code} />
      ) : (
        <>
          <input type="hidden" name="access_token" value={payload.accessToken} />
          <input type="hidden" name="refresh_token" value={payload.refreshToken} />
        </>
      )}
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
