/*
 * Money is an integer count of the currency's minor unit (cents for USD, yen for JPY, fils for KWD) plus an ISO 4217
 * code. No floats and no SQL numeric anywhere (docs/decisions/040-money-in-minor-units.md). Display goes through
 * Intl.NumberFormat with a decimal *string*, so even amounts beyond 2^53 / 100 format exactly.
 */
import { AppError } from "../errors/app-error";

export const DEFAULT_CURRENCY = "USD";

export interface Money {
  /** Integer minor units; negative for credits. */
  amountMinor: number;
  /** ISO 4217 code, upper case. */
  currency: string;
}

const exponentCache = new Map<string, number>();
// Intl formats any well-formed code (even "XXQ"), so the list of ISO 4217 codes comes from ICU's own data.
const knownCurrencies = new Set(Intl.supportedValuesOf("currency"));

/** True for an ISO 4217 code that ICU knows. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && knownCurrencies.has(code);
}

/** The amount's currency, else the tenant's default, else USD (spec section 3: default currency USD if missing). */
export function resolveCurrency(currency: string | null | undefined, tenantDefault?: string | null): string {
  for (const candidate of [currency, tenantDefault]) {
    const code = candidate?.trim().toUpperCase();
    if (code && isCurrencyCode(code)) return code;
  }
  return DEFAULT_CURRENCY;
}

/** Digits after the decimal point of the currency's minor unit, from ICU's currency data (USD 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string): number {
  const cached = exponentCache.get(currency);
  if (cached !== undefined) return cached;
  if (!isCurrencyCode(currency)) throw new AppError("BAD_REQUEST", `Unknown currency: ${currency}`);
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
  const exponent = digits ?? 2;
  exponentCache.set(currency, exponent);
  return exponent;
}

/** Throws unless `value` is a safe integer: the guard at every boundary where an amount enters billing code. */
export function assertMinorUnits(value: number, what = "amount"): void {
  if (!Number.isSafeInteger(value)) {
    throw new AppError("BAD_REQUEST", `The ${what} must be a whole number of minor units.`, { value });
  }
}

export function money(amountMinor: number, currency: string): Money {
  assertMinorUnits(amountMinor);
  return { amountMinor, currency: resolveCurrency(currency) };
}

/** Sum of amounts that must all share one currency (mixing currencies is a programming error, not a conversion). */
export function sumMoney(amounts: readonly Money[], currency: string): Money {
  let total = 0;
  for (const m of amounts) {
    if (m.currency !== currency) {
      throw new AppError("BAD_REQUEST", `Cannot add ${m.currency} to ${currency}.`);
    }
    assertMinorUnits(m.amountMinor);
    total += m.amountMinor;
  }
  assertMinorUnits(total, "total");
  return { amountMinor: total, currency };
}

/** Minor units as an exact decimal string in major units: 1234 USD → "12.34", -5 USD → "-0.05", 7 JPY → "7". */
export function minorToDecimalString(amountMinor: number, currency: string): string {
  assertMinorUnits(amountMinor);
  const exponent = currencyExponent(currency);
  const negative = amountMinor < 0;
  const digits = String(Math.abs(amountMinor)).padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? "-" : ""}${whole}${exponent > 0 ? `.${fraction}` : ""}`;
}

/**
 * Parses a major-unit decimal typed by a person ("12.5", "12.50", "1,200.00" is refused: no grouping) into minor
 * units without floating point; more fraction digits than the currency has is an error, not a silent rounding.
 */
export function parseMajorAmount(text: string, currency: string): number {
  const exponent = currencyExponent(currency);
  const match = /^(-)?(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new AppError("BAD_REQUEST", "Enter an amount such as 12.50.");
  const [, sign, whole = "0", fraction = ""] = match;
  if (fraction.length > exponent) {
    throw new AppError("BAD_REQUEST", `${currency} amounts have at most ${exponent} decimal places.`);
  }
  const minor = Number(whole) * 10 ** exponent + (fraction ? Number(fraction.padEnd(exponent, "0")) : 0);
  assertMinorUnits(minor);
  return sign ? -minor : minor;
}

const formatCache = new Map<string, Intl.NumberFormat>();

/** Display text for an amount in the given locale: formatMoney({amountMinor: 1999, currency: "USD"}, "en-US") → "$19.99". */
export function formatMoney(value: Money, locale = "en-US"): string {
  const cacheKey = `${locale}|${value.currency}`;
  let format = formatCache.get(cacheKey);
  if (!format) {
    const exponent = currencyExponent(value.currency);
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: value.currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formatCache.set(cacheKey, format);
  }
  // A decimal string keeps the value exact (Intl.NumberFormat v3 formats numeric strings without a float step).
  return format.format(minorToDecimalString(value.amountMinor, value.currency) as Intl.StringNumericLiteral);
}
