"use client";

import type { PasskeyListItem } from "@supabase/supabase-js";
import type { BrowserAuthClient } from "@/lib/auth/client/browser-client";
import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useAuth } from "@/components/auth/auth-context";
import { FormAlert } from "@/components/auth/form-alert";
import { webauthnErrorKey } from "@/components/auth/webauthn-errors";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";

const MAX_NAME = 120;

type ListAnswer = Awaited<ReturnType<BrowserAuthClient["auth"]["passkey"]["list"]>>;

/**
 * The user's passkeys (auth.passkey.list): adding one (registerPasskey: the browser makes a
 * discoverable credential, the service stores its public key), renaming and removing. The
 * ceremony code loads when "Add" is pressed.
 */
export function PasskeysSettings() {
  const t = useTranslations("profile.security.passkeys");
  const ta = useTranslations("auth");
  const format = useFormatter();
  const { authClient } = useAuth();
  const [passkeys, setPasskeys] = useState<PasskeyListItem[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const fail = useCallback(
    (error: unknown) => setFailure(ta(`passkey.errors.${webauthnErrorKey(error)}`)),
    [ta],
  );

  const show = useCallback(
    ({ data, error }: ListAnswer) => {
      if (error) fail(error);
      setPasskeys((current) => data ?? current ?? []);
    },
    [fail],
  );

  const reload = async () => show(await (await authClient()).auth.passkey.list());

  useEffect(() => {
    let cancelled = false;
    void authClient()
      .then((client) => client.auth.passkey.list())
      .then((answer) => {
        if (!cancelled) show(answer);
      });
    return () => {
      cancelled = true;
    };
  }, [authClient, show]);

  const add = async () => {
    setBusy("add");
    setFailure(null);
    const { registerPasskey } = await import("@/components/auth/webauthn-ceremonies");
    const client = await authClient();
    const outcome = await registerPasskey(client);
    setBusy(null);
    if (outcome) {
      setFailure(ta(`passkey.errors.${outcome}`));
      return;
    }
    toast({ title: t("added"), variant: "success" });
    await reload();
  };

  const remove = async (passkey: PasskeyListItem) => {
    setBusy(passkey.id);
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.passkey.delete({ passkeyId: passkey.id });
    setBusy(null);
    if (error) {
      fail(error);
      return;
    }
    toast({ title: t("removed"), variant: "success" });
    await reload();
  };

  const date = (value: string) => format.dateTime(new Date(value), { dateStyle: "medium" });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t("intro")}</p>
      <FormAlert message={failure} />
      {passkeys === null ? (
        <p className="text-sm text-muted-foreground">{t("loading")}</p>
      ) : passkeys.length === 0 ? (
        <p className="text-sm">{t("none")}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-border rounded-card border border-border"
          aria-label={t("title")}
        >
          {passkeys.map((passkey) => {
            const name = passkey.friendly_name || t("unnamed");
            return (
              <li key={passkey.id} className="flex flex-col gap-3 p-3">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium break-all">{name}</p>
                    <p className="text-sm text-muted-foreground">
                      {t("created", { date: date(passkey.created_at) })}
                      {" · "}
                      {passkey.last_used_at
                        ? t("lastUsed", { date: date(passkey.last_used_at) })
                        : t("neverUsed")}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={busy !== null}
                      aria-label={t("renameLabel", { name })}
                      onClick={() => setRenaming(renaming === passkey.id ? null : passkey.id)}
                    >
                      {t("rename")}
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={busy !== null}
                      aria-label={t("removeLabel", { name })}
                      onClick={() => remove(passkey)}
                    >
                      {busy === passkey.id ? t("removing") : t("remove")}
                    </Button>
                  </div>
                </div>
                {renaming === passkey.id ? (
                  <RenameForm
                    initial={passkey.friendly_name ?? ""}
                    onCancel={() => setRenaming(null)}
                    onName={async (friendlyName) => {
                      const client = await authClient();
                      const { error } = await client.auth.passkey.update({
                        passkeyId: passkey.id,
                        friendlyName,
                      });
                      if (error) return ta(`passkey.errors.${webauthnErrorKey(error)}`);
                      setRenaming(null);
                      toast({ title: t("renamed"), variant: "success" });
                      await reload();
                      return null;
                    }}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button type="button" variant="outline" disabled={busy !== null} onClick={add}>
          {busy === "add" ? t("adding") : t("add")}
        </Button>
      </div>
    </div>
  );
}

function RenameForm({
  initial,
  onName,
  onCancel,
}: {
  initial: string;
  onName: (name: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const t = useTranslations("profile.security.passkeys");
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t("nameRequired"));
      return;
    }
    setPending(true);
    setError(await onName(trimmed));
    setPending(false);
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className="flex flex-col gap-3">
      <FormField label={t("nameLabel")} errors={error ?? undefined}>
        <Input
          autoComplete="off"
          maxLength={MAX_NAME}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
