"use client";

import { useTranslations } from "next-intl";
import { parseAsInteger, useQueryStates } from "nuqs";
import { useId, useTransition } from "react";
import { fieldControlClass } from "@/components/ui/input";
import { cn } from "@/lib/utils/cn";
import { invitationFilterParsers, invitationStatusValues } from "@/lib/people/list-params";

/** The status filter of the all-invitations list (URL state, back to page 1 on change). */
export function InvitationStatusFilter() {
  const t = useTranslations("people.invitations");
  const ts = useTranslations("people.invitationStatuses");
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(
    { ...invitationFilterParsers, page: parseAsInteger },
    { shallow: false, scroll: false, startTransition },
  );
  return (
    <div className="mb-4 flex max-w-xs flex-col gap-1.5" aria-busy={pending || undefined}>
      <label htmlFor={id} className="text-sm font-medium">
        {t("statusFilter")}
      </label>
      <select
        id={id}
        className={cn(fieldControlClass, "h-10")}
        value={state.status ?? ""}
        onChange={(event) =>
          void setState({
            status: (event.target.value || null) as (typeof invitationStatusValues)[number] | null,
            page: null,
          })
        }
      >
        <option value="">{t("any")}</option>
        {invitationStatusValues.map((status) => (
          <option key={status} value={status}>
            {ts(status)}
          </option>
        ))}
      </select>
    </div>
  );
}
