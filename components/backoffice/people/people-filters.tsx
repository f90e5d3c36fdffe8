"use client";

import { useTranslations } from "next-intl";
import { parseAsInteger, useQueryStates } from "nuqs";
import { useEffect, useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { fieldControlClass, Input } from "@/components/ui/input";
import { cn } from "@/lib/utils/cn";
import { employeeFilterParsers, employeeFilterStatuses } from "@/lib/people/list-params";
import { searchText } from "@/lib/validation/url-values";

const selectClass = cn(fieldControlClass, "h-10");
const SEARCH_DELAY_MS = 300;

/**
 * Search, status and role filters of the member list. They live in the URL (shared parser
 * map with the server page); each change goes back to page 1 and the server answers.
 */
export function PeopleFilters({ roles }: { roles: readonly { id: string; label: string }[] }) {
  const t = useTranslations("people.filters");
  const ts = useTranslations("people.statuses");
  const ids = { q: useId(), status: useId(), role: useId() };
  const [pending, startTransition] = useTransition();
  const [state, setState] = useQueryStates(
    { ...employeeFilterParsers, page: parseAsInteger },
    { shallow: false, scroll: false, startTransition },
  );
  const [search, setSearch] = useState(state.q);

  useEffect(() => {
    // What the URL's parser would read back (parseAsSearchText): equal texts, no new request.
    if (searchText(search) === state.q) return;
    const timer = setTimeout(
      () => void setState({ q: searchText(search) || null, page: null }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search, state.q, setState]);

  const filtered = state.q !== "" || state.status !== null || state.role !== null;
  return (
    <form
      role="search"
      aria-label={t("label")}
      aria-busy={pending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void setState({ q: searchText(search) || null, page: null });
      }}
      className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.q} className="text-sm font-medium">
          {t("search")}
        </label>
        <Input
          id={ids.q}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.status} className="text-sm font-medium">
          {t("status")}
        </label>
        <select
          id={ids.status}
          className={selectClass}
          value={state.status ?? ""}
          onChange={(event) =>
            void setState({
              status: (event.target.value || null) as
                (typeof employeeFilterStatuses)[number] | null,
              page: null,
            })
          }
        >
          <option value="">{t("any")}</option>
          {employeeFilterStatuses.map((status) => (
            <option key={status} value={status}>
              {ts(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.role} className="text-sm font-medium">
          {t("role")}
        </label>
        <select
          id={ids.role}
          className={selectClass}
          value={state.role ?? ""}
          onChange={(event) => void setState({ role: event.target.value || null, page: null })}
        >
          <option value="">{t("any")}</option>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.label}
            </option>
          ))}
        </select>
      </div>
      <Button
        type="button"
        variant="ghost"
        disabled={!filtered || pending}
        onClick={() => {
          setSearch("");
          void setState({ q: null, status: null, role: null, page: null });
        }}
      >
        {t("clear")}
      </Button>
    </form>
  );
}
