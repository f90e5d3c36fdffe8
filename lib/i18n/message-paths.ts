import type { Messages } from "next-intl";

/** A namespace of the catalogue, or one of its top-level keys (`"people.filters"`). */
export type MessagePath = {
  [N in keyof Messages]: N | `${N}.${Extract<keyof Messages[N], string>}`;
}[keyof Messages];

type MessageTree = { [key: string]: string | MessageTree };

/** The messages at the given paths, nested as in the catalogue (shared objects, not copies). */
export function pickMessagePaths(
  messages: Messages,
  paths: readonly MessagePath[],
): Record<string, MessageTree> {
  const catalogue = messages as unknown as Record<string, MessageTree>;
  const picked: Record<string, MessageTree> = {};
  for (const path of paths) {
    const [namespace = "", key] = path.split(".");
    const source = catalogue[namespace];
    if (!source) continue;
    if (key === undefined) {
      picked[namespace] = source;
    } else if (source[key] !== undefined && picked[namespace] !== source) {
      picked[namespace] = { ...picked[namespace], [key]: source[key] };
    }
  }
  return picked;
}
