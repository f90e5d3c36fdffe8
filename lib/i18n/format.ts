/**
 * The shared formatters (conventions §11). Every call names its locale, time zone and
 * currency: nothing here reads the machine's defaults, so a page renders the same on every
 * server and in every browser. Money is integer minor units plus an ISO 4217 currency
 * (architecture §4).
 */

export type DateStyle = "full" | "long" | "medium" | "short";

export interface DateFormatOptions {
  locale: string;
  timeZone: string;
  dateStyle?: DateStyle;
}

export interface TimeFormatOptions {
  locale: string;
  timeZone: string;
  timeStyle?: DateStyle;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cachedNumberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function cachedDateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Digits after the decimal point of a currency (EUR 2, JPY 0, BHD 3). */
export function currencyDigits(currency: string): number {
  const options = cachedNumberFormat("en", { style: "currency", currency }).resolvedOptions();
  return options.maximumFractionDigits ?? 2;
}

/** Minor units (cents) of an amount in major units, rounded half away from zero. */
export function toMinorUnits(amount: number, currency: string): number {
  // Shift the decimal point in the number's text form ("1.005e2"), not by multiplying,
  // which would give 100.49999… for 1.005 × 100.
  const shifted = Number(`${Math.abs(amount)}e${currencyDigits(currency)}`);
  return Math.sign(amount) * Math.round(shifted);
}

/** `formatMoney(123456, { currency: "EUR", locale: "es" })` → "1234,56 €". */
export function formatMoney(
  amountMinor: number,
  { currency, locale }: { currency: string; locale: string },
): string {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError("Money is an integer of minor units");
  const digits = currencyDigits(currency);
  return cachedNumberFormat(locale, { style: "currency", currency }).format(
    amountMinor / 10 ** digits,
  );
}

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid date");
  return date;
}

export function formatDate(value: Date | string | number, options: DateFormatOptions): string {
  return cachedDateFormat(options.locale, {
    dateStyle: options.dateStyle ?? "medium",
    timeZone: options.timeZone,
  }).format(toDate(value));
}

export function formatTime(value: Date | string | number, options: TimeFormatOptions): string {
  return cachedDateFormat(options.locale, {
    timeStyle: options.timeStyle ?? "short",
    timeZone: options.timeZone,
  }).format(toDate(value));
}

export function formatDateTime(
  value: Date | string | number,
  options: DateFormatOptions & { timeStyle?: DateStyle },
): string {
  return cachedDateFormat(options.locale, {
    dateStyle: options.dateStyle ?? "medium",
    timeStyle: options.timeStyle ?? "short",
    timeZone: options.timeZone,
  }).format(toDate(value));
}

/** A date-time range in one string where the locale can share parts ("10:00 – 11:30"). */
export function formatDateTimeRange(
  start: Date | string | number,
  end: Date | string | number,
  options: DateFormatOptions & { timeStyle?: DateStyle },
): string {
  return cachedDateFormat(options.locale, {
    dateStyle: options.dateStyle ?? "medium",
    timeStyle: options.timeStyle ?? "short",
    timeZone: options.timeZone,
  }).formatRange(toDate(start), toDate(end));
}
