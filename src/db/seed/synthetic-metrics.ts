import { createHash } from "node:crypto";
import type { PricingType } from "../schema";

/**
 * Demo numbers (followers, rating, metrics, pricing, features) for APIs nobody has measured. Derived from a hash of the
 * API's key so every seed run gives the same values; rows carry is_demo_data = 1 so the UI can say so.
 */
export interface SyntheticFields {
  followers_count: number;
  rating_avg: number;
  rating_votes: number;
  popularity: number;
  latency_ms: number;
  service_level: number;
  health_check: number;
  pricing_type: PricingType;
  features: string[];
  /** 0..1, for spreading timestamps over the past year. */
  age: number;
}

const FEATURE_POOL = [
  "Free tier for prototypes",
  "JSON responses",
  "HTTPS everywhere",
  "Generous rate limits",
  "Sandbox environment",
  "Webhooks for updates",
  "Official SDKs",
  "Pagination on every list",
  "Detailed error messages",
  "Versioned endpoints",
  "Global edge caching",
  "99.9% uptime target",
  "Interactive documentation",
  "Bulk requests",
  "Real-time data",
];

/** Uniform numbers in [0, 1) from the SHA-256 of the key: 8 of them, 4 bytes each. */
function uniforms(key: string): number[] {
  const digest = createHash("sha256").update(key).digest();
  const out: number[] = [];
  for (let i = 0; i < 8; i++) out.push(digest.readUInt32BE(i * 4) / 2 ** 32);
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function syntheticFields(key: string): SyntheticFields {
  const [u0 = 0, u1 = 0, u2 = 0, u3 = 0, u4 = 0, u5 = 0, u6 = 0, u7 = 0] = uniforms(key);
  // Skewed towards the middle-low range so "most popular" means something.
  const popularity = round1(10 * u0 ** 1.4);
  const followers_count = Math.round(popularity ** 3 * (2 + 40 * u1));
  const rating_votes = Math.round(followers_count * (0.01 + 0.05 * u2));
  const rating_avg = rating_votes === 0 ? 0 : round1(3 + 2 * u3);
  const latency_ms = 40 + Math.round(u4 ** 2 * 1900);
  const service_level = Math.min(100, round1(90 + 10.5 * u5));
  const health_check = Math.min(100, round1(85 + 15.5 * u6));
  const pricing_type: PricingType = u7 < 0.55 ? "FREE" : u7 < 0.85 ? "FREEMIUM" : "PAID";
  const start = Math.floor(u1 * FEATURE_POOL.length);
  const count = 2 + Math.floor(u2 * 3);
  const features: string[] = [];
  for (let i = 0; i < count; i++) {
    const feature = FEATURE_POOL[(start + i * 4) % FEATURE_POOL.length];
    if (feature && !features.includes(feature)) features.push(feature);
  }
  return {
    followers_count,
    rating_avg,
    rating_votes,
    popularity,
    latency_ms,
    service_level,
    health_check,
    pricing_type,
    features,
    age: u3,
  };
}
