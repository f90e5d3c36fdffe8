import { getTranslations } from "next-intl/server";
import { billingNotices, errorCodeOf } from "@/lib/billing/card-schema";

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** What the last billing action came to (`?done=` / `?error=` set by lib/billing/actions). */
export async function BillingNotice({ done, error }: { done: unknown; error: unknown }) {
  const t = await getTranslations("billing");
  const failure = first(error);
  if (typeof failure === "string" && failure) {
    return (
      <div role="alert" className="mb-6 rounded-card border border-danger p-3 text-sm text-danger">
        {t(`errors.${errorCodeOf(failure)}`)}
      </div>
    );
  }
  const success = billingNotices.find((notice) => notice === first(done));
  if (!success) return null;
  return (
    <div role="status" className="mb-6 rounded-card border border-border p-3 text-sm">
      {t(`done.${success}`)}
    </div>
  );
}
