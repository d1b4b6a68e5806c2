import { isPlainRecord } from "./json-pointer";
import type { NormalizedSpecMeta } from "./normalize-spec.types";

/** Reads the APIs.guru extensions (x-apisguru-categories, x-logo, x-providerName, x-serviceName, x-origin). */
export function readSpecMeta(document: Record<string, unknown>): NormalizedSpecMeta {
  const info = isPlainRecord(document.info) ? document.info : {};
  const categories = info["x-apisguru-categories"];
  const logo = info["x-logo"];
  return {
    categories: Array.isArray(categories) ? categories.filter((item) => typeof item === "string") : [],
    logo: isPlainRecord(logo) ? stringOrNull(logo.url) : null,
    providerName: stringOrNull(info["x-providerName"]),
    serviceName: stringOrNull(info["x-serviceName"]),
    origin: readOrigin(info["x-origin"] ?? document["x-origin"]),
  };
}

function readOrigin(origin: unknown): string | null {
  const first = Array.isArray(origin) ? origin[0] : origin;
  return isPlainRecord(first) ? stringOrNull(first.url) : null;
}

/**
 * Absolute base URLs of the document's servers. Variables take their defaults; a scheme-less "//host"
 * (Swagger 2.0 without `schemes`) is taken as https; relative URLs are dropped because the host is unknown.
 */
export function readServerUrls(document: Record<string, unknown>): string[] {
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const urls: string[] = [];
  for (const server of servers) {
    if (!isPlainRecord(server) || typeof server.url !== "string") continue;
    const variables = isPlainRecord(server.variables) ? server.variables : {};
    let url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      const fallback = isPlainRecord(variable) ? variable.default : undefined;
      return typeof fallback === "string" || typeof fallback === "number" ? String(fallback) : whole;
    });
    if (url.startsWith("//")) url = `https:${url}`;
    if (!isAbsoluteHttpUrl(url) || urls.includes(url)) continue;
    urls.push(url);
  }
  return urls;
}

function isAbsoluteHttpUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
