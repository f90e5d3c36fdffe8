"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { fieldControlClass } from "@/components/ui/input";
import { cn } from "@/lib/utils/cn";
import { Icon } from "@/components/ui/icon";
import { VoiceSearchButton } from "@/components/search/voice-search-button";

/**
 * The top bar's search row: submitting opens the search page (/search?q=…), across every
 * listing and the category tree; a microphone fills the words where the browser offers
 * speech recognition; Escape closes the row. Without JavaScript the row never opens (the
 * toggle needs it), and /search has its own form.
 */
export function TopBarSearch({ onClose }: { onClose: () => void }) {
  const t = useTranslations("ui.search");
  const locale = useLocale();
  const router = useRouter();
  const [query, setQuery] = useState("");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div role="search" className="mx-auto flex h-full w-full max-w-3xl items-center">
      <form
        action="/search"
        className="flex w-full items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const q = query.replace(/\s+/g, " ").trim();
          router.push(q ? `/search?${new URLSearchParams({ q }).toString()}` : "/search");
          onClose();
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t("label")}
        </label>
        <div className="relative flex min-w-0 flex-1 items-center">
          <input
            ref={input}
            id={inputId}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("placeholder")}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            className={cn(fieldControlClass, "h-9 w-full pr-10")}
          />
          <VoiceSearchButton
            locale={locale}
            texts={{
              start: t("voiceStart"),
              stop: t("voiceStop"),
              listening: t("voiceListening"),
              error: t("voiceError"),
            }}
            onTranscript={setQuery}
            className="absolute right-0.5 size-8"
          />
        </div>
        <Button type="submit" size="sm-field">
          <Icon name="search" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t("submit")}</span>
        </Button>
      </form>
    </div>
  );
}
