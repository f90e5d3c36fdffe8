"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useSettingsCommand } from "@/components/backoffice/settings/use-settings-command";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { IconName } from "@/lib/icons/icon-names";

/** The confirmation loads with the first click, not with the page. */
const ConfirmDialog = dynamic(
  () => import("@/components/backoffice/settings/confirm-dialog").then((m) => m.ConfirmDialog),
  { ssr: false },
);

/** A button that asks first, then runs an offer command ("End now", "Delete offer"). */
export function OfferConfirmButton<R>({
  label,
  icon,
  title,
  body,
  confirmLabel,
  fields,
  action,
  onDone,
}: {
  label: string;
  icon: IconName;
  title: string;
  body: string;
  confirmLabel: string;
  /** The posted fields, read when confirmed (the version may have changed since render). */
  fields: () => Record<string, string>;
  action: BackofficeAction<R>;
  onDone: (data: R) => void;
}) {
  const t = useTranslations("offers.form");
  const tu = useTranslations("ui");
  const command = useSettingsCommand(action);
  const [confirming, setConfirming] = useState(false);
  const [mounted, setMounted] = useState(false);
  // The dialog has no trigger of its own: closing it gives the focus back to this button.
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !confirming) trigger.current?.focus();
    wasOpen.current = confirming;
  }, [confirming]);
  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        size="lg"
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setConfirming(true);
        }}
      >
        <Icon name={icon} aria-hidden />
        {label}
      </Button>
      {mounted ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            setConfirming(open);
            if (!open) command.clearError();
          }}
          title={title}
          body={body}
          confirmLabel={confirmLabel}
          cancelLabel={t("cancel")}
          closeLabel={tu("close")}
          pending={command.pending}
          error={command.error}
          onConfirm={() =>
            command.run(fields(), (data) => {
              setConfirming(false);
              onDone(data);
            })
          }
        />
      ) : null}
    </>
  );
}
