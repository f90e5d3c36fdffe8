"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { hashToQuery } from "@/app/(auth)/callback/callback-params";
import { CallbackError } from "./callback-error";

/**
 * The hash fragment never reaches the server: this turns it into query parameters and
 * reloads /callback with them (spec §2). No fragment and nothing in the query: this URL is
 * not a sign-in callback.
 */
export function CallbackHash() {
  const t = useTranslations("auth");
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    const query = hashToQuery(window.location.search, window.location.hash);
    if (query) {
      window.location.replace(`/callback?${query}`);
      return;
    }
    // Reading the URL is only possible after hydration; the message follows from it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setInvalid(true);
  }, []);

  if (invalid) return <CallbackError reason="notPkce" />;
  return (
    <p role="status" className="text-muted-foreground">
      {t("callback.working")}
    </p>
  );
}
