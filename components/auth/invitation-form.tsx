"use client";

import { useTranslations } from "next-intl";
import { startTransition, useActionState, useMemo } from "react";
import { useForm } from "react-hook-form";
import {
  acceptInvitationAction,
  type InvitationActionState,
} from "@/app/[locale]/(auth)/callback/actions";
import { Button } from "@/components/ui/button";
import { FormAlert } from "./form-alert";
import { lazyResolver } from "./lazy-resolver";
import { NewPasswordFields } from "./new-password-fields";
import type { ResetPasswordValues } from "./recovery-schemas";

const INITIAL: InvitationActionState = { error: null };

/** The address in the invitation's access token, for display only (the server verifies). */
function invitedAddress(accessToken: string): string | null {
  try {
    const payload = accessToken.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    return typeof claims?.email === "string" && claims.email ? claims.email : null;
  } catch {
    return null;
  }
}

/**
 * The end of an admin's invitation: the invitee reads which address the invitation is for
 * and chooses a password; only then does the server keep the session
 * (`acceptInvitationAction`). The tokens stay in this form's hidden fields, never in a URL.
 */
export function InvitationForm({
  accessToken,
  refreshToken,
  next,
}: {
  accessToken: string;
  refreshToken: string;
  next: string;
}) {
  const t = useTranslations("auth");
  const [state, action, pending] = useActionState(acceptInvitationAction, INITIAL);
  const email = useMemo(() => invitedAddress(accessToken), [accessToken]);
  const form = useForm<ResetPasswordValues>({
    resolver: lazyResolver("resetPassword"),
    defaultValues: { password: "", confirm: "" },
  });

  const onSubmit = form.handleSubmit((_values, event) => {
    const element = event?.target;
    if (!(element instanceof HTMLFormElement)) return;
    startTransition(() => action(new FormData(element)));
  });

  return (
    <section aria-labelledby="invitation-title" className="flex flex-col gap-4">
      <h2 id="invitation-title" className="text-xl font-semibold">
        {t("invitation.title")}
      </h2>
      <p className="text-muted-foreground">
        {email ? t("invitation.intro", { email }) : t("invitation.introNoEmail")}
      </p>
      <form
        onSubmit={onSubmit}
        method="post"
        noValidate
        aria-busy={pending}
        className="flex flex-col gap-5"
      >
        <FormAlert
          message={
            !state.error
              ? null
              : state.error.scope === "callback"
                ? t(`callback.errors.${state.error.key}`)
                : t(`errors.${state.error.key}`)
          }
        />
        <input type="hidden" name="access_token" value={accessToken} />
        <input type="hidden" name="refresh_token" value={refreshToken} />
        <input type="hidden" name="next" value={next} />
        {email ? (
          <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        ) : null}
        <NewPasswordFields form={form} />
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? t("invitation.submitting") : t("invitation.submit")}
        </Button>
      </form>
    </section>
  );
}
