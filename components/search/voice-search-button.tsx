"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { cn } from "@/lib/utils/cn";
import { speechLanguage, speechRecognitionDefaults } from "./browser-defaults";

/** The part of the Web Speech API this uses (TypeScript's DOM library does not declare it). */
interface RecognitionResultList {
  length: number;
  [index: number]: { 0: { transcript: string }; isFinal: boolean };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const subscribe = () => () => {};

export interface VoiceSearchTexts {
  start: string;
  stop: string;
  listening: string;
  error: string;
}

/**
 * A microphone button that fills the search field by voice (spec §9's speech defaults:
 * continuous, interim results; the language of the page, en-US by default). Rendered only
 * where the browser has speech recognition: elsewhere, and on the server, nothing. The
 * words arrive as they are recognised; pressing it again stops listening. Texts come as props
 * (the search page passes its own, the top bar the shell's).
 */
export function VoiceSearchButton({
  locale,
  texts,
  onTranscript,
  className,
}: {
  locale: string;
  texts: VoiceSearchTexts;
  onTranscript: (text: string) => void;
  className?: string;
}) {
  const supported = useSyncExternalStore(
    subscribe,
    () => recognitionConstructor() !== null,
    () => false,
  );
  const [listening, setListening] = useState(false);
  const [failed, setFailed] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const deliver = useRef(onTranscript);
  useEffect(() => {
    deliver.current = onTranscript;
  }, [onTranscript]);
  useEffect(() => () => recognition.current?.abort(), []);

  if (!supported) return null;

  function toggle() {
    if (listening) {
      recognition.current?.stop();
      return;
    }
    const Constructor = recognitionConstructor();
    if (!Constructor) return;
    const r = new Constructor();
    r.lang = speechLanguage(locale);
    r.continuous = speechRecognitionDefaults.continuous;
    r.interimResults = speechRecognitionDefaults.interimResults;
    r.onresult = (event) => {
      let text = "";
      for (let i = 0; i < event.results.length; i += 1)
        text += event.results[i]?.[0].transcript ?? "";
      deliver.current(text.replace(/\s+/g, " ").trim());
    };
    r.onerror = (event) => {
      // "no-speech" and "aborted" are a silence or our own stop, not a failure.
      if (event.error !== "no-speech" && event.error !== "aborted") setFailed(true);
    };
    r.onend = () => setListening(false);
    recognition.current = r;
    setFailed(false);
    try {
      r.start();
      setListening(true);
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <Button
        type="button"
        variant={listening ? "accent" : "ghost"}
        size="icon"
        aria-pressed={listening}
        aria-label={listening ? texts.stop : texts.start}
        title={listening ? texts.stop : texts.start}
        onClick={toggle}
        className={cn("shrink-0", className)}
        data-testid="voice-search"
      >
        <Icon name="mic" className={cn("size-4", listening && "motion-safe:animate-pulse")} />
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {listening ? texts.listening : failed ? texts.error : ""}
      </span>
    </>
  );
}
