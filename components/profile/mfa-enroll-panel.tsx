"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/components/auth/auth-context";
import { FormAlert } from "@/components/auth/form-alert";
import type { FactorNameValues } from "@/components/auth/form-schemas";
import { lazyResolver } from "@/components/auth/lazy-resolver";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { translateValidationMessage } from "@/lib/validation/messages";
import { CodeForm } from "./code-form";
import { securityErrorKey } from "./security-errors";

type NameValues = FactorNameValues;

type Enrolled = { id: string; qrCode: string; secret: string };

/**
 * Setting up a TOTP app: a friendly name, then mfa.enroll answers the QR code (an SVG data
 * URI made by the service) and the secret for manual entry; the first code from the app
 * verifies the factor (challengeAndVerify), which also raises this session to aal2.
 * Cancelling removes the unverified factor.
 */
export function MfaEnrollPanel({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useTranslations("profile.security");
  const tv = useTranslations("validation");
  const { authClient } = useAuth();
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NameValues>({
    resolver: lazyResolver("factorName"),
    defaultValues: { name: "" },
  });

  const start = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    const client = await authClient();
    const { data, error } = await client.auth.mfa.enroll({
      factorType: "totp",
      ...(name ? { friendlyName: name } : {}),
    });
    if (error || !data) {
      setFailure(t(`errors.${securityErrorKey(error?.code)}`));
      return;
    }
    setEnrolled({ id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
  });

  const cancel = async () => {
    if (enrolled) await (await authClient()).auth.mfa.unenroll({ factorId: enrolled.id });
    onCancel();
  };

  if (!enrolled) {
    const message = form.formState.errors.name?.message;
    const pending = form.formState.isSubmitting;
    return (
      <form
        onSubmit={start}
        noValidate
        aria-busy={pending}
        className="flex flex-col gap-4 rounded-card border border-border p-4"
      >
        <FormAlert message={failure} />
        <FormField
          label={t("mfa.nameLabel")}
          hint={t("mfa.nameHint")}
          errors={message ? translateValidationMessage(tv, message) : undefined}
        >
          <Input autoComplete="off" maxLength={60} {...form.register("name")} />
        </FormField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? t("mfa.starting") : t("mfa.start")}
          </Button>
          <Button type="button" variant="ghost" onClick={cancel}>
            {t("mfa.cancel")}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-4 rounded-card border border-border p-4">
      <p>{t("mfa.scan")}</p>
      {/* A data URI from the service: nothing for next/image to optimise. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={enrolled.qrCode}
        alt={t("mfa.qrAlt")}
        width={192}
        height={192}
        className="size-48 rounded-card bg-white p-2"
      />
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium">{t("mfa.secretLabel")}</p>
        <code
          data-testid="totp-secret"
          className="rounded-card bg-surface-2 px-3 py-2 font-mono text-sm break-all select-all"
        >
          {enrolled.secret}
        </code>
      </div>
      <CodeForm
        label={t("mfa.codeLabel")}
        hint={t("mfa.codeHint")}
        submitLabel={t("mfa.verify")}
        pendingLabel={t("mfa.verifying")}
        onCode={async (code) => {
          const client = await authClient();
          const { error } = await client.auth.mfa.challengeAndVerify({
            factorId: enrolled.id,
            code,
          });
          if (error) return t(`errors.${securityErrorKey(error.code)}`);
          toast({ title: t("mfa.enabled"), variant: "success" });
          onDone();
          return null;
        }}
      />
      <div>
        <Button type="button" variant="ghost" onClick={cancel}>
          {t("mfa.cancel")}
        </Button>
      </div>
    </div>
  );
}
