"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import type { ModuleName, ModuleTier } from "@/lib/modules/catalogue";
import { type BackofficeAction, useBackofficeForm } from "../use-backoffice-form";

type EnableResult = { module: ModuleName; tier: ModuleTier; changed: boolean };
type DisableResult = { module: ModuleName; changed: boolean };

/**
 * Switches a module on (at a self-serve tier) or off (after a confirmation). Both forms live
 * in this one component, which stays mounted when the page comes back with the module's new
 * state, so the answer of the switch is still shown (toast, errors).
 */
export function ModuleSwitch({
  organisationId,
  module,
  moduleLabel,
  enabled,
  tier,
  tierLabel,
  enableAction,
  disableAction,
}: {
  organisationId: string;
  module: ModuleName;
  moduleLabel: string;
  enabled: boolean;
  tier: ModuleTier;
  tierLabel: string;
  enableAction: BackofficeAction<EnableResult>;
  disableAction: BackofficeAction<DisableResult>;
}) {
  const t = useTranslations("orgAdmin.module");
  const tu = useTranslations("ui");
  const [confirming, setConfirming] = useState(false);
  const enabledDone = useCallback(
    () => toast({ title: t("enabled", { module: moduleLabel }), variant: "success" }),
    [moduleLabel, t],
  );
  const disabledDone = useCallback(() => {
    setConfirming(false);
    toast({ title: t("disabled", { module: moduleLabel }), variant: "success" });
  }, [moduleLabel, t]);
  const on = useBackofficeForm({
    schema: () => import("@/lib/modules/module-schema").then((m) => m.enableModuleSchema),
    action: enableAction,
    defaultValues: { module, tier },
    onDone: enabledDone,
  });
  const off = useBackofficeForm({
    schema: () => import("@/lib/modules/module-schema").then((m) => m.disableModuleSchema),
    action: disableAction,
    defaultValues: { module },
    onDone: disabledDone,
  });

  if (!enabled) {
    const message = on.formError ?? on.errorOf("tier") ?? null;
    return (
      <form
        onSubmit={on.onSubmit}
        noValidate
        aria-busy={on.pending}
        className="flex flex-col gap-3"
      >
        <input type="hidden" name="organisationId" value={organisationId} />
        <input type="hidden" {...on.form.register("module")} />
        <input type="hidden" {...on.form.register("tier")} />
        <FormAlert message={message} />
        <div>
          <Button type="submit" disabled={on.pending}>
            {on.pending ? t("enabling") : t("enable", { tier: tierLabel })}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <Dialog open={confirming} onOpenChange={setConfirming}>
      <div>
        <DialogTrigger asChild>
          <Button variant="outline">{t("disable")}</Button>
        </DialogTrigger>
      </div>
      <DialogContent closeLabel={tu("close")}>
        <DialogTitle className="pr-8">{t("disableTitle", { module: moduleLabel })}</DialogTitle>
        <DialogDescription className="mt-2">{t("disableBody")}</DialogDescription>
        <form
          onSubmit={off.onSubmit}
          noValidate
          aria-busy={off.pending}
          className="mt-5 flex flex-col gap-4"
        >
          <input type="hidden" name="organisationId" value={organisationId} />
          <input type="hidden" {...off.form.register("module")} />
          <FormAlert message={off.formError} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                {t("cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={off.pending}>
              {off.pending ? t("disabling") : t("disableConfirm")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
