/**
 * The search filter form navigates on every change (search-filters.tsx). React Router commits a finished navigation
 * inside a React transition: the browser's address already says the new state while the old form, with the old
 * checkboxes ticked, is still on screen and can still be used. Submitting that form would bring back filters the
 * visitor had just cleared (the flaky paging e2e in issue 18). So when the form on screen was not rendered for the
 * current address, one control's change is applied to the current address instead of serialising the stale form.
 */

/** What one filter control says after the visitor changed it. */
export interface FilterControlChange {
  name: string;
  value: string;
  /** checkbox: one value of a list on or off; radio and select: the parameter's single value ("" removes it). */
  kind: "checkbox" | "single";
  checked: boolean;
}

/** The parameters' order and encoding do not matter, nor does a hash: the same page state is the same address. */
export function sameSearchAddress(a: URL, b: URL): boolean {
  if (decodePath(a.pathname) !== decodePath(b.pathname)) return false;
  const left = [...a.searchParams].map(([k, v]) => `${k}=${v}`).sort();
  const right = [...b.searchParams].map(([k, v]) => `${k}=${v}`).sort();
  return left.length === right.length && left.every((entry, i) => entry === right[i]);
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The query string ("" or "?…") for the current address with one control's change applied. Like the form's own
 * submission it starts again at the first page (no `after` cursor).
 */
export function applyFilterChange(search: string, change: FilterControlChange): string {
  const params = new URLSearchParams(search);
  params.delete("after");
  if (change.kind === "checkbox") {
    const lower = change.value.toLowerCase();
    const rest = params.getAll(change.name).filter((v) => v.toLowerCase() !== lower);
    params.delete(change.name);
    for (const v of change.checked ? [...rest, change.value] : rest) params.append(change.name, v);
  } else if (change.value === "") {
    params.delete(change.name);
  } else {
    params.set(change.name, change.value);
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/** The change a form control stands for, or null for an element that is not a named filter control. */
export function controlChange(target: EventTarget | null): FilterControlChange | null {
  if (target instanceof HTMLInputElement && target.name !== "") {
    if (target.type === "checkbox")
      return { name: target.name, value: target.value, kind: "checkbox", checked: target.checked };
    if (target.type === "radio")
      return { name: target.name, value: target.checked ? target.value : "", kind: "single", checked: target.checked };
  }
  if (target instanceof HTMLSelectElement && target.name !== "") {
    return { name: target.name, value: target.value, kind: "single", checked: true };
  }
  return null;
}
