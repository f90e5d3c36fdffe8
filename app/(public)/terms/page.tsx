import { PolicyPage, policyMetadata } from "@/components/content/policy-page";

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

export const generateMetadata = () => policyMetadata("terms");

export default function TermsPage() {
  return <PolicyPage namespace="terms" sections={SECTIONS} />;
}
