/** `extra` merged into `base`, namespace by namespace and key by key (neither is changed). */
export function mergeMessages<T extends Record<string, unknown>>(
  base: T,
  extra: Record<string, unknown>,
): T {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isTree(current) && isTree(value) ? mergeMessages(current, value) : value;
  }
  return merged as T;
}

function isTree(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
