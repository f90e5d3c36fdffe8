"use client";

import Form from "next/form";
import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { fieldControlClass } from "@/components/ui/input";
import { cn } from "@/lib/utils/cn";
import { VoiceSearchButton, type VoiceSearchTexts } from "./voice-search-button";

export interface SearchBoxTexts {
  label: string;
  query: string;
  placeholder: string;
  submit: string;
  voice: VoiceSearchTexts;
}

/**
 * The search page's box: a GET form to /search (works without JavaScript; with it, `next/form`
 * navigates in place), the words, the voice button where the browser offers speech
 * recognition, and the "near me" point kept as hidden fields so new words search the same
 * place. Texts come as props from the server page.
 */
export function SearchBox({
  q,
  near,
  locale,
  texts,
}: {
  q: string;
  near: { lat: number; lng: number; radiusKm: number; defaultRadius: boolean } | null;
  locale: string;
  texts: SearchBoxTexts;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Form action="/search" role="search" aria-label={texts.label} className="flex w-full gap-2">
      <label htmlFor={inputId} className="sr-only">
        {texts.query}
      </label>
      <div className="relative flex min-w-0 flex-1 items-center">
        <input
          ref={input}
          id={inputId}
          type="search"
          name="q"
          defaultValue={q}
          placeholder={texts.placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          className={cn(fieldControlClass, "h-11 w-full pr-11 text-base")}
        />
        <VoiceSearchButton
          locale={locale}
          texts={texts.voice}
          className="absolute right-0.5"
          onTranscript={(text) => {
            if (input.current) input.current.value = text;
          }}
        />
      </div>
      {near ? (
        <>
          <input type="hidden" name="lat" value={near.lat} />
          <input type="hidden" name="lng" value={near.lng} />
          {near.defaultRadius ? null : <input type="hidden" name="r" value={near.radiusKm} />}
        </>
      ) : null}
      <Button type="submit" className="h-11 shrink-0">
        <Icon name="search" className="size-4" />
        <span className="sr-only sm:not-sr-only">{texts.submit}</span>
      </Button>
    </Form>
  );
}
