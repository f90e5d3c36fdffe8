"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { useAuth } from "@/components/auth/auth-context";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";

/**
 * Setting up a security key (or the device's own authenticator) as the second step: a
 * friendly name, then mfa.enroll (factor_type webauthn), the service's creation options, the
 * browser's ceremony and mfa.verify, which verifies the factor and raises this session to
 * aal2. A ceremony that does not finish removes the unverified factor.
 */
export function WebAuthnEnrollPanel({
  onDone,
  onCancel,
}: {
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("profile.security");
  const ta = useTranslations("auth");
  const { authClient } = useAuth();
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    const { enrollWebAuthnFactor } = await import("@/components/auth/webauthn-ceremonies");
    const client = await authClient();
    const outcome = await enrollWebAuthnFactor(client, name.trim());
    setPending(false);
    if (outcome) {
      setFailure(ta(`passkey.errors.${outcome}`));
      return;
    }
    toast({ title: t("mfa.keyEnabled"), variant: "success" });
    onDone();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-4 rounded-card border border-border p-4"
    >
      <p className="text-muted-foreground">{t("mfa.keyIntro")}</p>
      <FormAlert message={failure} />
      <FormField label={t("mfa.nameLabel")} hint={t("mfa.keyNameHint")}>
        <Input
          autoComplete="off"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t("mfa.keyStarting") : t("mfa.keyStart")}
        </Button>
        <Button type="button" variant="ghost" disabled={pending} onClick={onCancel}>
          {t("mfa.cancel")}
        </Button>
      </div>
    </form>
  );
}
