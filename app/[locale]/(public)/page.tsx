import type { Metadata } from "next";
import { getMessages, getTranslations } from "next-intl/server";
import { HubHighlightsSlot } from "@/components/hub/hub-highlights-slot";
import { HubBrowser } from "@/components/quick-access/hub-browser";
import { HubNoScriptLinks } from "@/components/quick-access/hub-no-script-links";
import { OpenQuickAccessButton } from "@/components/quick-access/open-quick-access-button";
import { Icon } from "@/components/ui/icon";
import { pageMetadata } from "@/lib/seo/metadata";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("hub");
  return pageMetadata({ path: "/", title: t("metaTitle"), description: t("metaDescription") });
}

/**
 * The hub home: the category browser of the Quick Access Panel, inline, at its centre (its
 * HTML is in the prerendered page; its code loads after the first paint: HubBrowser). Without
 * JavaScript the categories show as plain links instead (HubNoScriptLinks). The panel
 * itself is mounted by the default layout's QuickAccessProvider. Below it, the product
 * sections (new, top rated, near you) load their code and data after the page is interactive
 * (components/hub/hub-highlights-slot.tsx): the page stays static.
 */
export default async function HubPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const [t, messages] = await Promise.all([getTranslations("hub"), getMessages()]);
  return (
    // At least a screen tall: the browser's HTML is revealed by a script after the first paint
    // (hub-browser.tsx), and the footer must not be in view then, or it would shift.
    <div className="mx-auto flex min-h-dvh w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold text-primary-text sm:text-4xl">{t("heading")}</h1>
        <p className="max-w-2xl text-muted-foreground">{t("intro")}</p>
        <div className="js-only">
          <OpenQuickAccessButton label={t("openPanel")} icon={<Icon name="layout-grid" />} />
        </div>
      </header>
      <section
        aria-label={t("browserLabel")}
        className="rounded-card border border-border bg-surface p-4 sm:p-6"
        data-testid="hub-browser"
      >
        <HubBrowser variant="page" />
        <HubNoScriptLinks />
      </section>
      <HubHighlightsSlot texts={messages.hub.highlights} />
    </div>
  );
}
