import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { fieldControlClass } from "@/components/ui/input";
import type { SelectOption } from "@/components/ui/native-select";
import { cn } from "@/lib/utils/cn";

/**
 * A back-office list's one-select filter as a plain GET form (works without JavaScript): the
 * select, the table's sort and size kept as hidden fields when not the defaults, Apply, and
 * Clear while a value is chosen. Used by the offers list (state) and the discount codes
 * list (status).
 */
export function ListFilterForm({
  action,
  label,
  field,
  value,
  options,
  kept,
  texts,
}: {
  /** The list's own path (no query). */
  action: string;
  /** The search landmark's name. */
  label: string;
  field: { id: string; name: string; label: string };
  value: string | null;
  /** The choices, after an "any" choice of value "". */
  options: readonly SelectOption[];
  /** Query values to keep (null: the default, left out). */
  kept: Record<string, string | null>;
  texts: { any: string; apply: string; clear: string };
}) {
  return (
    <form
      role="search"
      aria-label={label}
      method="get"
      action={action}
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex min-w-0 flex-col gap-1.5 sm:w-64">
        <label htmlFor={field.id} className="text-sm font-medium">
          {field.label}
        </label>
        <select
          id={field.id}
          name={field.name}
          defaultValue={value ?? ""}
          className={cn(fieldControlClass, "h-10")}
        >
          <option value="">{texts.any}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {Object.entries(kept).map(([name, kept]) =>
        kept ? <input key={name} type="hidden" name={name} value={kept} /> : null,
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          {texts.apply}
        </button>
        {value ? (
          <Link href={action} className={buttonVariants({ variant: "ghost" })}>
            {texts.clear}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
