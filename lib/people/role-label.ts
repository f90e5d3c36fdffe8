import "server-only";
import { createTranslator } from "next-intl";
import type { Locale } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/messages";
import type { BuiltinRoleKey } from "@/lib/permissions/define";

/** A role's display name outside a request (emails): built-in roles translated, custom as named. */
export async function roleLabel(
  role: { builtinKey: BuiltinRoleKey | null; name: string },
  locale: Locale,
): Promise<string> {
  if (!role.builtinKey) return role.name;
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: "backoffice.roleNames" });
  return t(role.builtinKey);
}
