import { getTranslations } from "next-intl/server";
import { addressNotices } from "@/lib/addresses/form-state";

const errors = ["notFound", "stale", "limitReached", "failed"] as const;

const pick = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  typeof value === "string" ? list.find((item) => item === value) : undefined;

/** What the last write came to (`?done=` / `?error=` set by the address actions). */
export async function AddressNotice({ done, error }: { done: unknown; error: unknown }) {
  const t = await getTranslations("addresses");
  const failure = pick(errors, error);
  if (failure) {
    return (
      <div role="alert" className="mb-6 rounded-card border border-danger p-3 text-sm text-danger">
        {t(`errors.${failure}`)}
      </div>
    );
  }
  const success = pick(addressNotices, done);
  if (!success) return null;
  return (
    <div role="status" className="mb-6 rounded-card border border-border p-3 text-sm">
      {t(`done.${success}`)}
    </div>
  );
}
