import Link from "next/link";
import { getTranslations } from "next-intl/server";

const footerLinks = ["about", "terms", "privacy", "partners", "contact", "docs"] as const;

export async function SiteFooter() {
  const t = await getTranslations("ui");
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-[1920px] flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label={t("footer.label")}>
          {/* The links' classes once, on the list: each class string is in the HTML twice. */}
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm [&_a]:text-muted-foreground [&_a]:underline-offset-4 [&_a:hover]:text-foreground [&_a:hover]:underline">
            {footerLinks.map((key) => (
              <li key={key}>
                <Link href={`/${key}`}>{t(`footer.${key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-xs text-muted-foreground">
          {t("footer.copyright", { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
