"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import type { ActionState } from "@/lib/backoffice/action-state";
import { isLogoType, LOGO_MAX_BYTES, logoTypes } from "@/lib/organisations/logo-rules";
import { Icon } from "@/components/ui/icon";

/**
 * The organisation logo: shown through its public-file URL, replaced
 * by posting the image to the logo route (which checks size and magic bytes again).
 */
export function LogoField({
  organisationId,
  organisationName,
  logoUrl,
  canChange,
}: {
  organisationId: string;
  organisationName: string;
  logoUrl: string | null;
  canChange: boolean;
}) {
  const t = useTranslations("orgSettings.logo");
  const tb = useTranslations("backoffice.errors");
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();
  const endpoint = `/api/organisations/${organisationId}/logo`;

  const describe = (state: ActionState<unknown>): string | null => {
    if (state.status === "done") return null;
    if (state.status === "error") return tb(state.code as "failed");
    return tb("failed", { requestId: state.status === "failed" ? state.requestId : "-" });
  };

  const send = async (init: RequestInit, done: string) => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(endpoint, init);
      const state = (await response.json()) as ActionState<unknown>;
      const message = describe(state);
      if (message) {
        setError(message);
      } else {
        toast({ title: done, variant: "success" });
        router.refresh();
      }
    } catch {
      setError(tb("failed", { requestId: "-" }));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setError(tb("fileTooLarge"));
    if (!isLogoType(file.type)) return setError(tb("fileTypeForbidden"));
    void send(
      { method: "POST", body: file, headers: { "Content-Type": file.type } },
      t("uploaded"),
    );
  };

  return (
    <section
      aria-labelledby={`${hintId}-title`}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-card border border-border bg-surface-2">
        {logoUrl ? (
          // A public file served by our own route; next/image's optimiser adds nothing here.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={logoUrl}
            alt={t("alt", { name: organisationName })}
            className="size-full object-contain"
          />
        ) : (
          <Icon name="image-off" aria-hidden className="size-8 text-muted-foreground" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id={`${hintId}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p id={hintId} className="text-sm text-muted-foreground">
          {logoUrl ? t("hint") : `${t("none")} ${t("hint")}`}
        </p>
        {canChange ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={logoTypes.join(",")}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid="logo-input"
              onChange={(event) => onFile(event.target.files?.[0])}
            />
            <Button
              variant="outline"
              disabled={busy}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              onClick={() => input.current?.click()}
            >
              <Icon name="upload" aria-hidden />
              {busy ? t("uploading") : logoUrl ? t("replace") : t("choose")}
            </Button>
            {logoUrl ? (
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => void send({ method: "DELETE" }, t("removed"))}
              >
                <Icon name="trash-2" aria-hidden />
                {t("remove")}
              </Button>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
