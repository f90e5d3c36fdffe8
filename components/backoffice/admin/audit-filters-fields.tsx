"use client";

import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, type SelectOption } from "@/components/ui/native-select";
import { cn } from "@/lib/utils/cn";

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

function SelectField({
  id,
  name,
  label,
  value,
  options,
  className,
  selectClassName,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  className?: string;
  selectClassName?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        name={name}
        defaultValue={value}
        className={selectClassName}
        options={options}
      />
    </div>
  );
}

function DateField({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" name={name} defaultValue={value} />
    </div>
  );
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
        <SelectField
          id="audit-person"
          name="person"
          label={texts.person}
          value={values.person}
          options={people}
          className="xl:col-span-2"
        />
        <SelectField
          id="audit-action"
          name="action"
          label={texts.action}
          value={values.action}
          options={actions}
        />
        <SelectField
          id="audit-resource"
          name="resource"
          label={texts.resource}
          value={values.resource}
          options={resources}
        />
        <DateField id="audit-from" name="from" label={texts.from} value={values.from} />
        <DateField id="audit-to" name="to" label={texts.to} value={values.to} />
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField
          id="audit-size"
          name="size"
          label={texts.pageSize}
          value={values.size}
          options={sizes.map((size) => ({ value: size, label: size }))}
          selectClassName="w-24"
        />
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
