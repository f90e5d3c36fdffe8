import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";
import { fieldControlClass } from "./input";

export type SelectOption = { value: string; label: string };

/**
 * A native `<select>` over a list of options, styled as the other fields: long lists (countries,
 * time zones, currencies) get the platform's own picker, type-ahead included. Takes
 * react-hook-form's `register(…)` props like an input.
 */
export function NativeSelect({
  options,
  className,
  ...props
}: { options: readonly SelectOption[] } & Omit<ComponentProps<"select">, "children">) {
  return (
    <select className={cn(fieldControlClass, "h-10", className)} {...props}>
      {/* Keyed by position: the list is drawn whole and never reordered in place, and a value
          as key (a uuid, a time zone) would travel a second time in the page's payload for
          every option (about 40 bytes each: 16 kB on the 400 time zones). */}
      {options.map((option, index) => (
        <option key={index} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
