import { PolicyPage, policyMetadata } from "@/components/content/policy-page";

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

export const generateMetadata = () => policyMetadata("privacy");

export default function PrivacyPage() {
  return <PolicyPage namespace="privacy" sections={SECTIONS} />;
}
