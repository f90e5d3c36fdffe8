/**
 * What an audit entry changed, for its expandable detail: one line per top-level field whose
 * value differs between `before` and `after` (a field only on one side counts as changed).
 * A value that is not an object (or is missing) is compared as a whole under the key "".
 */
export interface AuditChange {
  key: string;
  before: string | null;
  after: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as one line of text: strings as they are, anything else as JSON; absent → null. */
export function auditValueText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const empty = (v: unknown) => v === undefined || v === null;
  if ((isRecord(before) || empty(before)) && (isRecord(after) || empty(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys
      .map((key) => ({ key, before: auditValueText(b[key]), after: auditValueText(a[key]) }))
      .filter((change) => change.before !== change.after);
  }
  const change = { key: "", before: auditValueText(before), after: auditValueText(after) };
  return change.before === change.after ? [] : [change];
}
