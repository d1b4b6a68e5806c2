import { z } from "zod";

/*
 * The plan form of the provider's plan management (spec section 3 "Plan", every field) as zod schemas over the raw
 * form strings, so the page can show a message beside each field. Amounts are typed in major units ("19.00") and
 * converted to integers without floating point: the monthly price to minor units, the overage price to millionths.
 * Core's createPlan/updatePlan validate again (the rules of record); this is the form's first line.
 */

export const RATE_LIMIT_UNITS = ["second", "minute", "hour", "day", "month", "year"] as const;
export const QUOTA_PERIODS = ["day", "month", "year"] as const;
export const MAX_PLAN_OBJECTS = 20;

export type RateLimitUnitName = (typeof RATE_LIMIT_UNITS)[number];
export type QuotaPeriodName = (typeof QUOTA_PERIODS)[number];

/** What createPlan/updatePlan take (the subset of fields this form sets). */
export interface PlanFormValues {
  name: string;
  recommended: boolean;
  private: boolean;
  deprecated: boolean;
  approvalRequired: boolean;
  hardLimit: boolean;
  overagePriceMicros: number;
  rateLimit: { count: number; unit: RateLimitUnitName } | null;
  quota: number | null;
  quotaPeriod: QuotaPeriodName;
  objects: Array<{
    name: string;
    quota: number;
    quotaPeriod: QuotaPeriodName;
    hardLimit: boolean;
    overagePriceMicros: number;
    endpoints: string[];
  }>;
  features: string[];
  monthlyPriceCents: number;
}

/** The form as read from the request: single values by name, plus the checked endpoints of each object. */
export interface PlanFormSource {
  get(name: string): string;
  getAll(name: string): string[];
}

export function formDataSource(form: FormData): PlanFormSource {
  return {
    get: (name) => {
      const v = form.get(name);
      return typeof v === "string" ? v : "";
    },
    getAll: (name) => form.getAll(name).filter((v): v is string => typeof v === "string"),
  };
}

/** "12", "12.5", "0.0001" → integer count of 10^-digits units; null when malformed or too precise. */
export function decimalToUnits(text: string, digits: number): number | null {
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  if (fraction.length > digits) return null;
  const value = Number(whole) * 10 ** digits + (fraction ? Number(fraction.padEnd(digits, "0")) : 0);
  return Number.isSafeInteger(value) ? value : null;
}

/** Integer units → decimal text with at least `minDigits` fraction digits ("1900", 2 → "19.00"; 100, 6 → "0.0001"). */
export function unitsToDecimal(units: number, digits: number, minDigits = 0): string {
  const raw = String(Math.abs(Math.trunc(units))).padStart(digits + 1, "0");
  const whole = raw.slice(0, raw.length - digits);
  let fraction = digits > 0 ? raw.slice(raw.length - digits) : "";
  while (fraction.length > minDigits && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return fraction ? `${whole}.${fraction}` : whole;
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

const wholeNumber = (message: string, max: number) =>
  z.string().trim().regex(/^\d+$/, message).transform(Number).pipe(z.number().int().min(1, message).max(max, message));

function amount(digits: number, message: string) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "") return 0;
      const units = decimalToUnits(text, digits);
      if (units === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return units;
    });
}

const rawPlan = (priceDigits: number) =>
  z.object({
    name: z.string().trim().min(1, "The plan needs a name").max(80, "Plan names are at most 80 characters"),
    monthlyPrice: amount(
      priceDigits,
      priceDigits > 0 ? "Enter a monthly price such as 19.00" : "Enter a whole monthly price such as 1900",
    ),
    recommended: checkbox,
    private: checkbox,
    deprecated: checkbox,
    approvalRequired: checkbox,
    rateLimitKind: z.enum(["none", "one", "count"], { error: "Choose a rate limit" }),
    rateLimitCount: z.string().trim(),
    rateLimitUnit: z.enum(RATE_LIMIT_UNITS, { error: "Choose a unit" }),
    quota: z.string().trim(),
    quotaPeriod: z.enum(QUOTA_PERIODS, { error: "Choose a period" }),
    limitMode: z.enum(["hard", "overage"], { error: "Choose a hard limit or overage" }),
    overagePrice: amount(6, "Enter a price per request such as 0.0001 (at most 6 decimals)"),
    features: z.string().max(10_000),
  });

const rawObject = z.object({
  name: z.string().trim().min(1, "The object needs a name").max(80, "Names are at most 80 characters"),
  quota: wholeNumber("Enter a whole number of requests, at least 1", 1e12),
  quotaPeriod: z.enum(QUOTA_PERIODS, { error: "Choose a period" }),
  limitMode: z.enum(["hard", "overage"], { error: "Choose a hard limit or overage" }),
  overagePrice: amount(6, "Enter a price per request such as 0.0001 (at most 6 decimals)"),
});

export type PlanFormResult = { ok: true; values: PlanFormValues } | { ok: false; fields: Record<string, string> };

function collect(fields: Record<string, string>, prefix: string, error: z.ZodError): void {
  for (const issue of error.issues) {
    const name = `${prefix}${issue.path.map(String).join(".")}`;
    fields[name] ??= issue.message;
  }
}

/**
 * Reads the plan form. Field names: name, monthlyPrice, recommended, private, deprecated, approvalRequired,
 * rateLimitKind (none | one | count), rateLimitCount, rateLimitUnit, quota (empty: unlimited), quotaPeriod,
 * limitMode (hard | overage), overagePrice, features (one per line), objectCount and per object i:
 * object-{i}-name, -quota, -quotaPeriod, -limitMode, -overagePrice, -endpoints (repeated); an object row left
 * entirely empty is ignored. `priceDigits`: the currency's minor-unit digits (USD 2, JPY 0). Errors are keyed by
 * those names.
 */
export function parsePlanForm(source: PlanFormSource, options: { priceDigits: number }): PlanFormResult {
  const fields: Record<string, string> = {};
  const plan = rawPlan(options.priceDigits).safeParse({
    name: source.get("name"),
    monthlyPrice: source.get("monthlyPrice"),
    recommended: source.get("recommended") || undefined,
    private: source.get("private") || undefined,
    deprecated: source.get("deprecated") || undefined,
    approvalRequired: source.get("approvalRequired") || undefined,
    rateLimitKind: source.get("rateLimitKind"),
    rateLimitCount: source.get("rateLimitCount"),
    rateLimitUnit: source.get("rateLimitUnit"),
    quota: source.get("quota"),
    quotaPeriod: source.get("quotaPeriod"),
    limitMode: source.get("limitMode"),
    overagePrice: source.get("overagePrice"),
    features: source.get("features"),
  });
  if (!plan.success) collect(fields, "", plan.error);

  // Count and quota are checked even when another field failed, so every mistake shows at once.
  const WHOLE = "Enter a whole number of requests, at least 1";
  let rateCount: number | null = null;
  if (source.get("rateLimitKind") === "count") {
    const parsed = wholeNumber(WHOLE, 1e9).safeParse(source.get("rateLimitCount"));
    if (parsed.success) rateCount = parsed.data;
    else fields.rateLimitCount = WHOLE;
  }
  let quota: number | null = null;
  if (source.get("quota").trim() !== "") {
    const parsed = wholeNumber(WHOLE, 1e12).safeParse(source.get("quota"));
    if (parsed.success) quota = parsed.data;
    else fields.quota = WHOLE;
  }
  let rateLimit: PlanFormValues["rateLimit"] = null;
  if (plan.success) {
    const p = plan.data;
    if (p.rateLimitKind === "one") rateLimit = { count: 1, unit: p.rateLimitUnit };
    if (p.rateLimitKind === "count" && rateCount !== null) rateLimit = { count: rateCount, unit: p.rateLimitUnit };
    if (p.limitMode === "overage") {
      if (quota === null) fields.limitMode = "Overage needs a quota: set a quota or choose a hard limit";
      else if (p.overagePrice <= 0) fields.overagePrice = "Enter the price charged per request above the quota";
    }
  }

  const objects: PlanFormValues["objects"] = [];
  const count = Math.min(MAX_PLAN_OBJECTS, Math.max(0, Number.parseInt(source.get("objectCount") || "0", 10) || 0));
  for (let i = 0; i < count; i++) {
    const key = (name: string) => `object-${i}-${name}`;
    const endpoints = [...new Set(source.getAll(key("endpoints")).map((e) => e.trim()))].filter(Boolean);
    const name = source.get(key("name"));
    const quotaText = source.get(key("quota"));
    if (name.trim() === "" && quotaText.trim() === "" && endpoints.length === 0) continue;
    const parsed = rawObject.safeParse({
      name,
      quota: quotaText,
      quotaPeriod: source.get(key("quotaPeriod")),
      limitMode: source.get(key("limitMode")),
      overagePrice: source.get(key("overagePrice")),
    });
    if (!parsed.success) collect(fields, `object-${i}-`, parsed.error);
    if (endpoints.length === 0) fields[key("endpoints")] = "Tie the object to at least one endpoint";
    if (parsed.success) {
      const o = parsed.data;
      if (o.limitMode === "overage" && o.overagePrice <= 0) {
        fields[key("overagePrice")] = "Enter the price charged per request above the quota";
      }
      objects.push({
        name: o.name,
        quota: o.quota,
        quotaPeriod: o.quotaPeriod,
        hardLimit: o.limitMode === "hard",
        overagePriceMicros: o.limitMode === "hard" ? 0 : o.overagePrice,
        endpoints,
      });
    }
  }

  if (!plan.success || Object.keys(fields).length > 0) return { ok: false, fields };
  const p = plan.data;
  const features = p.features
    .split(/\r?\n/)
    .map((f) => f.trim())
    .filter(Boolean);
  if (features.length > 30) return { ok: false, fields: { features: "At most 30 features" } };
  const tooLong = features.find((f) => f.length > 200);
  if (tooLong) return { ok: false, fields: { features: "Each feature is at most 200 characters" } };
  return {
    ok: true,
    values: {
      name: p.name,
      recommended: p.recommended,
      private: p.private,
      deprecated: p.deprecated,
      approvalRequired: p.approvalRequired,
      hardLimit: p.limitMode === "hard",
      overagePriceMicros: p.limitMode === "hard" ? 0 : p.overagePrice,
      rateLimit,
      quota,
      quotaPeriod: p.quotaPeriod,
      objects,
      features,
      monthlyPriceCents: p.monthlyPrice,
    },
  };
}
