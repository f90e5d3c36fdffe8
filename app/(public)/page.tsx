import { getTranslations } from "next-intl/server";

export default async function HubPage() {
  const t = await getTranslations("common");
  return (
    <main className="p-6">
      <h1 className="text-3xl font-bold text-primary-text">{t("appName")}</h1>
    </main>
  );
}
