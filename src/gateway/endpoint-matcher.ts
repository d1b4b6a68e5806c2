/** Matches a request (method, path below the API's base, its query) to a documented "METHOD /template" endpoint. */
export interface EndpointMatcher {
  /** `search` is the request's query with its "?" ("" or omitted: none). */
  match(method: string, path: string, search?: string): string | null;
}

interface CompiledTemplate {
  template: string;
  method: string;
  segments: Array<string | null>;
  literals: number;
  /**
   * What a template with a query in its path key ("/services?funcs=News&mobile=1", seen in real specs) asks of the
   * request's query: each name present, with that value unless the template's value is a {parameter}.
   */
  query: Array<{ name: string; value: string | null }>;
}

function queryOf(template: string): CompiledTemplate["query"] {
  const out: CompiledTemplate["query"] = [];
  for (const [name, value] of new URLSearchParams(template)) {
    out.push({ name, value: /^\{[^}]*\}$/.test(value) ? null : value });
  }
  return out;
}

/** Whether the request's query has everything the template's query asks for. */
function queryMatches(wanted: CompiledTemplate["query"], search: string): boolean {
  if (wanted.length === 0) return true;
  if (search.length <= 1) return false;
  const params = new URLSearchParams(search);
  return wanted.every((w) => (w.value === null ? params.has(w.name) : params.getAll(w.name).includes(w.value)));
}

function splitPath(path: string): string[] {
  const out: string[] = [];
  for (const s of path.split("/")) if (s !== "") out.push(s);
  return out;
}

/** Non-empty segments of a path (what splitPath would return), counted without building them. */
function countSegments(path: string): number {
  let n = 0;
  let inSegment = false;
  for (let i = 0; i < path.length; i++) {
    const slash = path.charCodeAt(i) === 47;
    if (!slash && !inSegment) n++;
    inSegment = !slash;
  }
  return n;
}

/** Whether the path's segments fit the template's (null: any one segment), compared in place (no split per call). */
function segmentsMatch(segments: ReadonlyArray<string | null>, path: string): boolean {
  const length = path.length;
  let i = 0;
  let k = 0;
  while (i < length) {
    if (path.charCodeAt(i) === 47) {
      i++;
      continue;
    }
    let end = path.indexOf("/", i);
    if (end < 0) end = length;
    const expected = segments[k++];
    if (expected === undefined) return false;
    if (expected !== null && (end - i !== expected.length || !path.startsWith(expected, i))) return false;
    i = end;
  }
  return k === segments.length;
}

/**
 * Compiles templates once per API; `{param}` segments match any one segment. The most literal template wins, and of
 * equally literal ones, the one whose path key fixes the most query parameters.
 */
export function compileEndpoints(templates: readonly string[]): EndpointMatcher {
  const compiled: CompiledTemplate[] = [];
  for (const template of templates) {
    const space = template.indexOf(" ");
    if (space < 0) continue;
    const method = template.slice(0, space).toUpperCase();
    const target = template.slice(space + 1);
    const q = target.indexOf("?");
    const path = q < 0 ? target : target.slice(0, q);
    const segments = splitPath(path).map((s) => (/^\{[^}]*\}$/.test(s) ? null : s));
    const query = q < 0 ? [] : queryOf(target.slice(q + 1));
    compiled.push({ template, method, segments, literals: segments.filter((s) => s !== null).length, query });
  }
  compiled.sort((a, b) => b.literals - a.literals || b.query.length - a.query.length);
  const byLength = new Map<number, CompiledTemplate[]>();
  for (const c of compiled) {
    const list = byLength.get(c.segments.length) ?? [];
    list.push(c);
    byLength.set(c.segments.length, list);
  }
  return {
    match(method, path, search = "") {
      const candidates = byLength.get(countSegments(path));
      if (!candidates) return null;
      const upper = method.toUpperCase();
      for (const c of candidates) {
        if (c.method !== upper && !(upper === "HEAD" && c.method === "GET")) continue;
        if (segmentsMatch(c.segments, path) && queryMatches(c.query, search)) return c.template;
      }
      return null;
    },
  };
}
