import { PolicyPage, policyMetadata } from "@/components/content/policy-page";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

const SECTIONS = [
  "collect",
  "payments",
  "use",
  "organisations",
  "communications",
  "storage",
  "services",
  "choices",
] as const;

export async function generateMetadata({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  return policyMetadata("privacy");
}

export default async function PrivacyPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  return <PolicyPage namespace="privacy" sections={SECTIONS} />;
}
