import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import {
  DEFAULT_RADIUS_KM,
  listingSearchQuery,
  searchHref,
  type ListingSearchState,
} from "@/lib/listings/search-params";
import { NearMeButton } from "./near-me-button";
import { SearchBox } from "./search-box";

/**
 * The top of the search page: the heading, the search box (voice where offered), "near me"
 * (a client island, where the browser has geolocation) and, when searching near a point,
 * what that means with a link to search anywhere instead.
 */
export async function SearchHeader({ state }: { state: ListingSearchState }) {
  const [t, locale] = await Promise.all([getTranslations("search"), getLocale()]);
  return (
    <header className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold tracking-tight text-primary-text">{t("title")}</h1>
      <SearchBox
        q={state.q}
        locale={locale}
        near={
          state.near
            ? { ...state.near, defaultRadius: state.near.radiusKm === DEFAULT_RADIUS_KM }
            : null
        }
        texts={{
          label: t("form.label"),
          query: t("form.query"),
          placeholder: t("form.placeholder"),
          submit: t("form.submit"),
          voice: {
            start: t("voice.start"),
            stop: t("voice.stop"),
            listening: t("voice.listening"),
            error: t("voice.error"),
          },
        }}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <NearMeButton
          query={listingSearchQuery({ ...state, near: null, page: 1, sort: undefined })}
          texts={{
            button: t("near.button"),
            locating: t("near.locating"),
            denied: t("near.denied"),
            unavailable: t("near.unavailable"),
            timeout: t("near.timeout"),
          }}
        />
        {state.near ? (
          <p className="text-sm" data-testid="near-active">
            {t("near.active", { radius: state.near.radiusKm })}{" "}
            <Link
              href={searchHref({ ...state, near: null, page: 1, sort: undefined })}
              className="font-medium text-primary-text underline underline-offset-4"
            >
              {t("near.anywhere")}
            </Link>
          </p>
        ) : null}
      </div>
    </header>
  );
}
