import { PolicyPage, policyMetadata } from "@/components/content/policy-page";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

const SECTIONS = [
  "roles",
  "accounts",
  "orders",
  "payments",
  "tickets",
  "bookings",
  "reviews",
  "sponsored",
  "organisations",
  "use",
  "changes",
] as const;

export async function generateMetadata({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  return policyMetadata("terms");
}

export default async function TermsPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  return <PolicyPage namespace="terms" sections={SECTIONS} />;
}
