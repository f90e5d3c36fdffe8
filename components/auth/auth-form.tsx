"use client";

import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "./form-alert";
import { NoScriptNotice } from "./no-script-notice";

/**
 * The frame of a form that talks to the auth service (sign-in, codes, recovery, the profile's
 * security settings). It posts (never a GET that would put the fields into the URL), leaves
 * validation to its schema (noValidate) and is busy while it submits; `failure` (focused, so
 * screen readers announce it) stands above the fields, the submit button with its pending
 * text below them, then `footer`. `intro` comes first: by default the notice shown when
 * JavaScript is off; a step shown only once a script has run passes its own (or null).
 * A full-width button on an auth page; `compact`, within a settings section, an outline one.
 */
export function AuthForm({
  onSubmit,
  pending,
  failure,
  submitLabel,
  pendingLabel,
  intro = <NoScriptNotice />,
  footer,
  compact = false,
  children,
}: {
  onSubmit: ComponentProps<"form">["onSubmit"];
  pending: boolean;
  failure: string | null;
  submitLabel: string;
  pendingLabel: string;
  intro?: ReactNode;
  footer?: ReactNode;
  compact?: boolean;
  children: ReactNode;
}) {
  const label = pending ? pendingLabel : submitLabel;
  return (
    <form
      onSubmit={onSubmit}
      method="post"
      noValidate
      aria-busy={pending}
      className={compact ? "flex flex-col gap-4" : "flex flex-col gap-5"}
    >
      {intro}
      <FormAlert message={failure} />
      {children}
      {compact ? (
        <div>
          <Button type="submit" variant="outline" disabled={pending}>
            {label}
          </Button>
        </div>
      ) : (
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {label}
        </Button>
      )}
      {footer}
    </form>
  );
}
