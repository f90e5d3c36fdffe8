"use client";

import { Picture } from "@/components/ui/picture";
import { createTranslator, useLocale } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { categoryIcon } from "@/components/storefront/category-icon";
import { Icon } from "@/components/ui/icon";
import { minorToAmount } from "@/lib/commerce/money";
import type { Highlights } from "@/lib/listings/highlights";
import type { ProductCard } from "@/lib/listings/public-products";
import type hubCatalogue from "@/messages/en/hub.json";

/** The sections' texts: the "hub.highlights" catalogue, passed by the hub page as a prop. */
export type HubHighlightsTexts = (typeof hubCatalogue)["highlights"];

type Translate = (
  key: keyof HubHighlightsTexts,
  values?: Record<string, string | number>,
) => string;

// Spec §9: geolocation defaults.
const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  maximumAge: 30000,
  timeout: 27000,
};

type Lists = { state: "loading" } | { state: "error" } | { state: "ready"; data: Highlights };
type Near =
  | { state: "idle" }
  | { state: "locating" }
  | { state: "denied" }
  | { state: "unavailable" }
  | { state: "error" }
  | { state: "ready"; items: ProductCard[] };

async function fetchHighlights(point?: { lat: number; lng: number }): Promise<Highlights> {
  const query = point ? `?lat=${point.lat.toFixed(2)}&lng=${point.lng.toFixed(2)}` : "";
  const response = await fetch(`/api/listings/highlights${query}`);
  if (!response.ok) throw new Error(`highlights: ${response.status}`);
  return (await response.json()) as Highlights;
}

/** The hub's product sections (issue 11 §3): new, top rated, and near you on request. */
export function HubHighlights({ texts }: { texts: HubHighlightsTexts }) {
  const locale = useLocale();
  const t = useMemo<Translate>(() => {
    const translator = createTranslator({
      locale,
      messages: { highlights: texts },
      namespace: "highlights",
    });
    return (key, values) => (translator as unknown as Translate)(key, values);
  }, [locale, texts]);
  const [lists, setLists] = useState<Lists>({ state: "loading" });
  const [near, setNear] = useState<Near>({ state: "idle" });

  const request = useCallback(() => {
    fetchHighlights().then(
      (data) => setLists({ state: "ready", data }),
      () => setLists({ state: "error" }),
    );
  }, []);
  useEffect(request, [request]);
  const retry = () => {
    setLists({ state: "loading" });
    request();
  };

  const locate = () => {
    if (!("geolocation" in navigator)) {
      setNear({ state: "unavailable" });
      return;
    }
    setNear({ state: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        fetchHighlights(point).then(
          (data) => setNear({ state: "ready", items: data.near ?? [] }),
          () => setNear({ state: "error" }),
        );
      },
      (error) =>
        setNear({ state: error.code === error.PERMISSION_DENIED ? "denied" : "unavailable" }),
      GEOLOCATION_OPTIONS,
    );
  };

  const status =
    lists.state === "loading" ? t("loading") : lists.state === "error" ? t("error") : "";
  const nearStatus =
    near.state === "locating"
      ? t("locating")
      : near.state === "denied" ||
          near.state === "unavailable" ||
          near.state === "error" ||
          near.state === "ready"
        ? near.state === "ready"
          ? near.items.length === 0
            ? t("nearEmpty")
            : ""
          : t(near.state === "error" ? "error" : near.state)
        : "";

  return (
    <div className="flex flex-col gap-8">
      <p role="status" className={status ? "text-muted-foreground" : "sr-only"}>
        {status}
      </p>
      {lists.state === "error" ? (
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={retry}>
          {t("retry")}
        </button>
      ) : null}
      {lists.state === "ready" ? (
        <>
          <CardSection id="hub-newest" title={t("newest")} items={lists.data.newest} t={t} />
          <CardSection id="hub-top-rated" title={t("topRated")} items={lists.data.topRated} t={t} />
        </>
      ) : null}
      <section className="flex flex-col gap-3" aria-labelledby="hub-near">
        <h2 id="hub-near" className="text-xl font-semibold">
          {t("near")}
        </h2>
        {near.state === "ready" && near.items.length > 0 ? (
          <CardGrid items={near.items} t={t} />
        ) : (
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm text-muted-foreground">{t("nearIntro")}</p>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={locate}
              disabled={near.state === "locating"}
            >
              <Icon name="compass" className="size-4" />
              {t("nearButton")}
            </button>
          </div>
        )}
        <p role="status" className={nearStatus ? "text-sm text-muted-foreground" : "sr-only"}>
          {nearStatus}
        </p>
      </section>
    </div>
  );
}

function CardSection({
  id,
  title,
  items,
  t,
}: {
  id: string;
  title: string;
  items: ProductCard[];
  t: Translate;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {items.length ? (
        <CardGrid items={items} t={t} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("empty")}</p>
      )}
    </section>
  );
}

function CardGrid({ items, t }: { items: ProductCard[]; t: Translate }) {
  const locale = useLocale();
  const money = (minor: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: "currency", currency }).format(
      minorToAmount(minor, currency),
    );
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <ul className="sf-grid" role="list">
      {items.map((product) => (
        <li key={product.id} className="flex">
          <article className="sf-card">
            <div className="sf-card-media" aria-hidden>
              {product.cover ? (
                <Picture
                  src={product.cover.url}
                  alt=""
                  width={product.cover.width}
                  height={product.cover.height}
                  sizes="(min-width: 1280px) 300px, (min-width: 640px) 33vw, 50vw"
                  className="size-full object-cover"
                />
              ) : (
                <Icon name={categoryIcon(product.category)} className="size-10" />
              )}
            </div>
            <div className="flex flex-1 flex-col gap-1 p-3">
              <h3 className="text-base leading-snug font-semibold">
                <a href={`/commerce/product/${product.id}`} className="sf-card-link">
                  {product.title}
                </a>
              </h3>
              {product.brandName ? (
                <p className="text-xs text-muted-foreground">{product.brandName}</p>
              ) : null}
              {product.priceFromMinor === null ? null : (
                <p className="mt-auto pt-1 font-semibold">
                  {product.hasRange
                    ? t("from", { price: money(product.priceFromMinor, product.currency) })
                    : money(product.priceFromMinor, product.currency)}
                </p>
              )}
              <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                {product.ratingAverage !== null ? (
                  <span>
                    <Icon name="star" className="mr-0.5 inline size-3.5 align-[-2px]" />
                    {t("rating", {
                      average: decimal.format(product.ratingAverage),
                      count: product.ratingCount,
                    })}
                  </span>
                ) : null}
                {product.inStock ? null : <span>{t("outOfStock")}</span>}
              </p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
