const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid in its canonical text form (either case). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
