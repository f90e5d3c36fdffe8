import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";

/** For a guest: sign in or register to keep the cart (it follows them: lib/cart/claim.ts). */
export async function GuestNote({ back }: { back: string }) {
  const t = await getTranslations("cart");
  const redirect = `?redirect=${encodeURIComponent(back)}`;
  const link = (href: string) =>
    function GuestLink(chunks: ReactNode) {
      return (
        <Link href={href} className="font-medium text-primary-text underline underline-offset-4">
          {chunks}
        </Link>
      );
    };
  return (
    <p
      className="rounded-card border border-border bg-surface p-3 text-sm"
      data-testid="guest-note"
    >
      {t.rich("guest", {
        signIn: link(`/login${redirect}`),
        register: link(`/register${redirect}`),
      })}
    </p>
  );
}
