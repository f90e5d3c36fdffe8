"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { fieldControlClass } from "@/components/ui/input";
import { cn } from "@/lib/utils/cn";
import { useQuickAccess } from "@/components/quick-access/quick-access-provider";
import { Icon } from "@/components/ui/icon";

/** The top bar's search row: submitting opens the quick-access panel with the query. */
export function TopBarSearch({ onClose }: { onClose: () => void }) {
  const t = useTranslations("ui.search");
  const { open } = useQuickAccess();
  const [query, setQuery] = useState("");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div role="search" className="mx-auto flex h-full w-full max-w-3xl items-center">
      <form
        className="flex w-full items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          open(query.trim() || undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t("label")}
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("placeholder")}
          autoComplete="off"
          className={cn(fieldControlClass, "h-9")}
        />
        <Button type="submit" size="sm-field">
          <Icon name="search" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t("submit")}</span>
        </Button>
      </form>
    </div>
  );
}
