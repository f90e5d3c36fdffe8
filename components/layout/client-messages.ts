import type { Messages } from "next-intl";
import { type MessagePath, pickMessagePaths } from "@/lib/i18n/message-paths";

/**
 * Which catalogue namespaces travel to the browser, where. Client components read messages
 * with `useTranslations`; the server passes them through NextIntlClientProvider, and every
 * namespace passed is in the HTML of every page under that provider (twice: the RSC payload).
 * So the root document passes only the shell's namespaces (top bar, drawer, errors, app
 * data), and the layouts whose client components need more add their scope's namespaces
 * (`scopedClientMessages`, passed by `ScopedMessages`): the sign-in pages, the profile, the
 * contact form, the developer tools. They are added to the shell's in the browser
 * (merge-messages.tsx) instead of a nested provider resending the shell's. The back office
 * adds each screen's messages the same way, by catalogue path
 * (components/backoffice/screen-messages.ts).
 *
 * components/layout/client-messages.test.ts fails when a client component reads a namespace
 * that its folder's scope does not pass; the e2e suite fails on any missing message.
 */
export const shellClientNamespaces = [
  "ui",
  "platform",
  "errors",
] as const satisfies readonly (keyof Messages)[];

/**
 * Namespaces that are never passed by a provider: the client components of these folders
 * load them with their own code (components/quick-access/quick-access-messages.tsx loads the
 * Quick Access texts with the panel and the hub's browser).
 */
export const chunkLoadedNamespaces = {
  quickAccess: ["components/quick-access/"],
} as const satisfies Partial<Record<keyof Messages, readonly string[]>>;

export const clientMessageScopes = {
  /** /login, /register, /forgot-password, /callback, /account/reset-password. */
  auth: ["auth", "validation"],
  /**
   * /profile/update: the security settings reuse parts of the sign-in forms (the second step,
   * passkeys, their errors), not the sign-in pages' own texts. By catalogue path, checked
   * against what the page's components read (client-messages.test.ts).
   */
  profile: [
    "auth.login",
    "auth.mfa",
    "auth.passkey",
    "auth.errors",
    "auth.noScript",
    "profile",
    "validation",
  ],
  /**
   * /profile/create: the profile form. /profile and the invitation pages pass nothing
   * beyond the shell's (their one client text, sign-out's, comes as props).
   */
  profileForm: ["profile", "validation"],
  /** The address form (/profile/my-addresses/create and /profile/my-addresses/[addressId]). */
  addresses: ["addresses", "validation"],
  /** Checkout and the payment page (/commerce/cart/[cartId]/checkout, /commerce/checkout/[orderId]). */
  checkout: ["checkout", "validation"],
  /** The contact form (/contact). */
  contact: ["contact", "validation"],
  /** /dev/**. */
  devTools: ["devTools"],
} as const satisfies Record<string, readonly MessagePath[]>;

export type ClientMessageScope = keyof typeof clientMessageScopes;
type ShellNamespace = (typeof shellClientNamespaces)[number];

/**
 * Keys of the shell's namespaces that only server components read (the footer, the skip link,
 * the drawer's link labels, the offline page, the web manifest): left out of every provider.
 * components/layout/client-messages.test.ts fails when a client component reads one.
 */
export const serverOnlyShellKeys = {
  ui: [
    "footer",
    "skipToContent",
    "nav.hub",
    "nav.commerce",
    "nav.about",
    "nav.docs",
    "nav.contact",
    "nav.partners",
  ],
  platform: ["offline", "manifest"],
} as const satisfies Partial<Record<ShellNamespace, readonly string[]>>;

function withoutKeys(value: unknown, paths: readonly string[]): unknown {
  if (paths.length === 0 || typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const path of paths) {
    const [head, ...rest] = path.split(".");
    if (head === undefined || !(head in copy)) continue;
    if (rest.length === 0) delete copy[head];
    else copy[head] = withoutKeys(copy[head], [rest.join(".")]);
  }
  return copy;
}

function pick<K extends keyof Messages>(messages: Messages, namespaces: readonly K[]) {
  const omitted: Partial<Record<string, readonly string[]>> = serverOnlyShellKeys;
  return Object.fromEntries(
    namespaces.map((namespace) => [
      namespace,
      withoutKeys(messages[namespace], omitted[namespace] ?? []),
    ]),
  ) as Pick<Messages, K>;
}

const shellMessages = new WeakMap<Messages, Pick<Messages, ShellNamespace>>();

/**
 * The root document's messages: the shell's namespaces only. Picked once per catalogue (each
 * locale's is one module object, lib/i18n/messages.ts) rather than on every request; the
 * result is shared, so nothing may change it (React only serialises it).
 */
export function pickClientMessages(messages: Messages): Pick<Messages, ShellNamespace> {
  let picked = shellMessages.get(messages);
  if (!picked) {
    picked = pick(messages, shellClientNamespaces);
    shellMessages.set(messages, picked);
  }
  return picked;
}

/**
 * A layout's own messages: its scope's namespaces and catalogue paths, added in the browser to
 * the shell's.
 */
export function scopedClientMessages(
  messages: Messages,
  scope: ClientMessageScope,
): ReturnType<typeof pickMessagePaths> {
  const paths: readonly MessagePath[] = clientMessageScopes[scope];
  return pickMessagePaths(messages, paths);
}
