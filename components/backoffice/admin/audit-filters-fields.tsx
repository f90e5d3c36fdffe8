"use client";

import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, type SelectOption } from "@/components/ui/native-select";

export interface AuditFiltersTexts {
  filters: string;
  person: string;
  action: string;
  resource: string;
  from: string;
  to: string;
  pageSize: string;
  apply: string;
  clear: string;
}

/** The audit filters' form, drawn from data (audit-filters.tsx prepares it). */
export function AuditFiltersFields({
  path,
  texts,
  values,
  people,
  actions,
  resources,
  sizes,
}: {
  path: string;
  texts: AuditFiltersTexts;
  values: Record<"person" | "action" | "resource" | "from" | "to" | "size", string>;
  people: readonly SelectOption[];
  actions: readonly SelectOption[];
  resources: readonly SelectOption[];
  sizes: readonly string[];
}) {
  return (
    <form
      method="get"
      action={path}
      aria-label={texts.filters}
      className="mb-4 rounded-card border border-border bg-surface p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-6">
        <div className="flex flex-col gap-1.5 xl:col-span-2">
          <Label htmlFor="audit-person">{texts.person}</Label>
          <NativeSelect
            id="audit-person"
            name="person"
            defaultValue={values.person}
            options={people}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">{texts.action}</Label>
          <NativeSelect
            id="audit-action"
            name="action"
            defaultValue={values.action}
            options={actions}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-resource">{texts.resource}</Label>
          <NativeSelect
            id="audit-resource"
            name="resource"
            defaultValue={values.resource}
            options={resources}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">{texts.from}</Label>
          <Input id="audit-from" type="date" name="from" defaultValue={values.from} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">{texts.to}</Label>
          <Input id="audit-to" type="date" name="to" defaultValue={values.to} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-size">{texts.pageSize}</Label>
          <NativeSelect
            id="audit-size"
            name="size"
            defaultValue={values.size}
            className="w-24"
            options={sizes.map((size) => ({ value: size, label: size }))}
          />
        </div>
        <button type="submit" className={buttonVariants({ variant: "primary" })}>
          {texts.apply}
        </button>
        <Link href={path} className={buttonVariants({ variant: "ghost" })}>
          {texts.clear}
        </Link>
      </div>
    </form>
  );
}
