import { getTranslations } from "next-intl/server";
import { type ReactNode } from "react";
import { AccountButton, SignedInOnly, SignInLink } from "./account-controls";

/**
 * The session controls as the server renders them, the same for everyone: "Sign in" (to
 * /login) and the account button, one of them shown by CSS from the session cookie. This is
 * what works without JavaScript; with it, the island (top-bar-account.tsx) takes over once its
 * code is there.
 */
export async function TopBarAccountStatic({
  icons,
}: {
  icons: { signIn: ReactNode; account: ReactNode };
}) {
  const t = await getTranslations("ui.account");
  return (
    <>
      <SignInLink href="/login" icon={icons.signIn} label={t("signIn")} />
      <SignedInOnly>
        <AccountButton icon={icons.account} label={t("menu")} />
      </SignedInOnly>
    </>
  );
}
