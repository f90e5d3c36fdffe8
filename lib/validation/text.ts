import { regex } from "zod/mini";

/**
 * The text rule: a text field refuses control characters (C0, DEL and C1: NUL, escape, …),
 * which PostgreSQL refuses (NUL) or which nobody types. The field error is "Invalid format"
 * (the error map reads the rule's `invalid_format` issue as `format`). Multi-line fields
 * (text areas) also accept line breaks and tabs; elsewhere a line break is refused as well,
 * once trimming has removed the ones at either end.
 *
 * Every string field of every schema carries it, after `trim()` where the field trims:
 *   z.string().trim().check(textRule()).max(100)                        (zod)
 *   z.string().check(z.trim(), textRule({ multiline: true }), …)       (zod/mini)
 * tests/unit/text-rule.test.ts walks every exported schema under lib/ and components/ and
 * fails for a string field that accepts "\u0000". The check comes from zod/mini so that it
 * costs a browser bundle only itself.
 */
const SINGLE_LINE = /^[^\p{Cc}]*$/u;
const MULTI_LINE = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;

export function textRule(options: { multiline?: boolean } = {}) {
  return regex(options.multiline ? MULTI_LINE : SINGLE_LINE);
}
