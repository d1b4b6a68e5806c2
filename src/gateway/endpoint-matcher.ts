/** Matches a request (method, path below the API's base) to a documented "METHOD /template" endpoint. */
export interface EndpointMatcher {
  match(method: string, path: string): string | null;
}

interface CompiledTemplate {
  template: string;
  method: string;
  segments: Array<string | null>;
  literals: number;
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

/** Compiles templates once per API; `{param}` segments match any one segment. The most literal template wins. */
export function compileEndpoints(templates: readonly string[]): EndpointMatcher {
  const compiled: CompiledTemplate[] = [];
  for (const template of templates) {
    const space = template.indexOf(" ");
    if (space < 0) continue;
    const method = template.slice(0, space).toUpperCase();
    const segments = splitPath(template.slice(space + 1)).map((s) => (/^\{[^}]*\}$/.test(s) ? null : s));
    compiled.push({ template, method, segments, literals: segments.filter((s) => s !== null).length });
  }
  compiled.sort((a, b) => b.literals - a.literals);
  const byLength = new Map<number, CompiledTemplate[]>();
  for (const c of compiled) {
    const list = byLength.get(c.segments.length) ?? [];
    list.push(c);
    byLength.set(c.segments.length, list);
  }
  return {
    match(method, path) {
      const candidates = byLength.get(countSegments(path));
      if (!candidates) return null;
      const upper = method.toUpperCase();
      for (const c of candidates) {
        if (c.method !== upper && !(upper === "HEAD" && c.method === "GET")) continue;
        if (segmentsMatch(c.segments, path)) return c.template;
      }
      return null;
    },
  };
}
