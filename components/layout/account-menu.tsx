"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition, type ReactNode } from "react";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/toast";
import { syncSessionAttribute } from "./session-cookie";
import { signOutAction } from "./sign-out-action";
import { TopBarMenu } from "./top-bar-menu";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

/**
 * The signed-in user's menu: profile, back office, sign out. Loaded by TopBarAccount on first
 * use, already open. Signing out is a server action (a POST): it ends the session at the
 * auth service and clears the session cookies; then the page goes home.
 */
export function AccountMenu({ icon }: { icon: ReactNode }) {
  const t = useTranslations("ui.account");
  const router = useRouter();
  const pathname = usePublicPathname();
  const [pending, startTransition] = useTransition();
  const signOut = () =>
    startTransition(async () => {
      const signedOut = await signOutAction().catch(() => false);
      syncSessionAttribute();
      if (!signedOut) {
        toast({ title: t("signOutFailed"), variant: "danger" });
        return;
      }
      toast({ title: t("signedOut") });
      if (pathname !== "/") router.replace("/");
      router.refresh();
    });
  return (
    <TopBarMenu
      icon={icon}
      label={t("menu")}
      testId="account-menu"
      title={t("title")}
      pending={pending}
    >
      <DropdownMenuItem asChild>
        <Link href="/profile">{t("profile")}</Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link href="/backoffice">{t("backoffice")}</Link>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        disabled={pending}
        onSelect={(event) => {
          // Keep the menu (and this component's transition) until the answer navigates.
          event.preventDefault();
          signOut();
        }}
      >
        {pending ? t("signingOut") : t("signOut")}
      </DropdownMenuItem>
    </TopBarMenu>
  );
}
