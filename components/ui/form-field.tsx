"use client";

import { Slot } from "./slot";
import { type ReactElement, useId } from "react";
import { cn } from "@/lib/utils/cn";
import { Label } from "./label";

export type FormFieldProps = {
  label: string;
  /** The control (input, textarea, select…); it receives id and aria attributes. */
  children: ReactElement;
  hint?: string;
  /** Error texts of the field; at most `maxErrors` are shown (spec §5: 1 by default). */
  errors?: readonly (string | undefined)[] | string;
  maxErrors?: number;
  required?: boolean;
  className?: string;
  id?: string;
};

/** Label, control, hint and errors wired together for screen readers. */
export function FormField({
  label,
  children,
  hint,
  errors,
  maxErrors = 1,
  required,
  className,
  id: givenId,
}: FormFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const list = (typeof errors === "string" ? [errors] : (errors ?? []))
    .filter((e): e is string => Boolean(e))
    .slice(0, maxErrors);
  const describedBy = [hint ? hintId : null, list.length ? errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-secondary-text">
            *
          </span>
        ) : null}
      </Label>
      <Slot
        id={id}
        aria-invalid={list.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-required={required || undefined}
      >
        {children}
      </Slot>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {list.length ? (
        <div id={errorId} role="alert" className="text-xs text-danger">
          {list.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
