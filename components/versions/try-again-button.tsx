"use client";

import { Button } from "@/components/ui/button";

/** Reloads the current address: on the offline page, the page the user was trying to open. */
export function TryAgainButton({ label }: { label: string }) {
  return <Button onClick={() => window.location.reload()}>{label}</Button>;
}
