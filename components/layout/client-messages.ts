import type { Messages } from "next-intl";

/**
 * The catalogue namespaces client components read (`useTranslations` in a "use client"
 * module). The root layout passes only these to NextIntlClientProvider: the others (about,
 * terms, privacy, docs, …) are rendered on the server and would only add weight to every
 * HTML answer. components/layout/client-messages.test.ts fails when a client component uses a
 * namespace missing here.
 */
export const clientNamespaces = [
  "ui",
  "quickAccess",
  "platform",
  "errors",
  "devTools",
  "contact",
  "validation",
  "auth",
  "profile",
] as const satisfies readonly (keyof Messages)[];

export type ClientNamespace = (typeof clientNamespaces)[number];

/**
 * Namespaces only back-office client components read. The back-office layout adds them with
 * a nested NextIntlClientProvider, so public pages never carry them. Back-office modules add
 * their namespace here.
 */
export const backofficeClientNamespaces = [
  "backoffice",
  "orgAdmin",
  "people",
  "storage",
  "orgSettings",
] as const satisfies readonly (keyof Messages)[];

export type BackofficeClientNamespace = (typeof backofficeClientNamespaces)[number];

export function pickBackofficeClientMessages(
  messages: Messages,
): Pick<Messages, ClientNamespace | BackofficeClientNamespace> {
  return Object.fromEntries(
    [...clientNamespaces, ...backofficeClientNamespaces].map((namespace) => [
      namespace,
      messages[namespace],
    ]),
  ) as Pick<Messages, ClientNamespace | BackofficeClientNamespace>;
}

export function pickClientMessages(messages: Messages): Pick<Messages, ClientNamespace> {
  return Object.fromEntries(
    clientNamespaces.map((namespace) => [namespace, messages[namespace]]),
  ) as Pick<Messages, ClientNamespace>;
}
