"use client";

import { handleChunkLoadError } from "@/components/versions/chunk-reload-listener";
import { useEffect } from "react";
import { TranslatedErrorView } from "@/components/layout/translated-error-view";

/** Inside the default layout, so the top bar and drawer survive (spec: heading Error only). */
export default function PublicError({ error }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    // A chunk that failed to load (a deploy replaced it) reloads the page once instead.
    if (handleChunkLoadError(error)) return;
    console.error(error);
  }, [error]);
  return <TranslatedErrorView />;
}
