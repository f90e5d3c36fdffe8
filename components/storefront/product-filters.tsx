"use client";

import Form from "next/form";
import { Fragment } from "react";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";

/**
 * The landing page's filter form, drawn from data that product-landing.tsx prepares on the
 * server (texts translated, counts formatted): the cached page's payload carries each
 * checkbox as a few values instead of its label, input and spans with their classes (about
 * 300 bytes each, 60 on a category page; docs/commerce.md, "Landing pages"). A GET form: it
 * works without JavaScript, and with it `next/form` navigates in place.
 */
export interface FilterChoice {
  value: string;
  label: string;
  count: string;
  checked: boolean;
  /** A colour attribute's swatch (the value itself). */
  swatch?: string;
}

export interface ProductFiltersProps {
  category: string | null;
  texts: {
    label: string;
    title: string;
    sort: string;
    price: string;
    min: string;
    max: string;
    brand: string;
    rating: string;
    inStock: string;
    apply: string;
    clear: string;
  };
  sort: { value: string; options: { value: string; label: string }[] };
  price: { min: string; max: string };
  brands: FilterChoice[];
  attributes: { name: string; choices: FilterChoice[] }[];
  rating: { value: string; options: { value: string; label: string }[] };
  inStock: boolean;
  clearHref: string | null;
}

function Choices({
  legend,
  name,
  choices,
}: {
  legend: string;
  name: string;
  choices: FilterChoice[];
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={name}
            value={choice.value}
            defaultChecked={choice.checked}
            className="size-4"
          />
          {choice.swatch ? (
            <span
              aria-hidden
              className="inline-block size-3 rounded-full border border-border"
              style={{ backgroundColor: choice.swatch }}
            />
          ) : null}
          <span className="min-w-0 flex-1 break-words">{choice.label}</span>
          <span className="text-xs text-muted-foreground">{choice.count}</span>
        </label>
      ))}
    </fieldset>
  );
}

function SelectField({
  id,
  label,
  choice,
}: {
  id: "sort" | "rating";
  label: string;
  choice: { value: string; options: { value: string; label: string }[] };
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={id} defaultValue={choice.value} className="field-control h-10">
        {choice.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ProductFilters(props: ProductFiltersProps) {
  const { texts } = props;
  return (
    <Form
      action="/commerce/product"
      className="flex flex-col gap-5"
      aria-label={texts.label}
      role="search"
    >
      {props.category ? <input type="hidden" name="category" value={props.category} /> : null}
      <h2 className="text-lg font-semibold">{texts.title}</h2>
      <SelectField id="sort" label={texts.sort} choice={props.sort} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{texts.price}</legend>
        <div className="flex items-center gap-2">
          {(["min", "max"] as const).map((bound) => (
            <Fragment key={bound}>
              {bound === "max" ? <span aria-hidden>–</span> : null}
              <label className="sr-only" htmlFor={bound}>
                {texts[bound]}
              </label>
              <input
                id={bound}
                name={bound}
                inputMode="numeric"
                placeholder={texts[bound]}
                defaultValue={props.price[bound]}
                className="field-control h-10"
              />
            </Fragment>
          ))}
        </div>
      </fieldset>
      {props.brands.length > 0 ? (
        <Choices legend={texts.brand} name="brand" choices={props.brands} />
      ) : null}
      {props.attributes.map((attribute) => (
        <Choices
          key={attribute.name}
          legend={attribute.name}
          name="attr"
          choices={attribute.choices}
        />
      ))}
      <SelectField id="rating" label={texts.rating} choice={props.rating} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="stock"
          value="1"
          defaultChecked={props.inStock}
          className="size-4"
        />
        {texts.inStock}
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonVariants({ variant: "primary" })}>
          {texts.apply}
        </button>
        {props.clearHref ? (
          <Link href={props.clearHref} className={buttonVariants({ variant: "ghost" })}>
            {texts.clear}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
