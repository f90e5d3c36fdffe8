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
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
