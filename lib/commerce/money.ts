/**
 * Amounts are integer minor units of a currency (cents, or yen for JPY) everywhere but in
 * what people type and read. `currencyDigits` comes from Intl (ISO 4217's exponent).
 */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** The largest amount a price field takes, in major units (99,999,999.99). */
export const MAX_MAJOR_AMOUNT = 99_999_999;

const AMOUNT = /^(\d{1,8})(?:\.(\d+))?$/;

/**
 * "19.99" → 1999 for 2 digits. Refuses signs, thousands separators, exponents and more
 * decimals than the currency has; null when the text is not such an amount.
 */
export function toMinorUnits(text: string, digits: number): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** 1999 → "19.99" (the form's value: no grouping, the currency's decimals). */
export function fromMinorUnits(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const scale = 10 ** digits;
  const whole = Math.trunc(minor / scale);
  const fraction = String(minor % scale).padStart(digits, "0");
  return `${whole}.${fraction}`;
}

/** Minor units as a number of major units, for Intl's currency formatting (1999 → 19.99). */
export function minorToAmount(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}
