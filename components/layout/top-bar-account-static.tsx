import { getTranslations } from "next-intl/server";
import { AccountButton, SignedInOnly, SignInLink } from "./account-controls";
import { topBarIcons as icons } from "./top-bar-icons";

/**
 * The session controls as the server renders them, the same for everyone: "Sign in" (to
 * /login) and the account button, one of them shown by CSS from the session cookie. This is
 * what works without JavaScript; with it, the island (top-bar-account.tsx) takes over once its
 * code is there.
 */
export async function TopBarAccountStatic() {
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
