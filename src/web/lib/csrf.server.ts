import { data } from "react-router";
import { CSRF_COOKIE, verifyCsrfToken } from "../../api/csrf";

function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** A refused action (stale page token); the layout's ErrorBoundary shows 'An error occurred'. */
function forbidden(): never {
  throw data({ reason: "forbidden" }, { status: 403 });
}

/**
 * Route actions change state, so they need the page's CSRF token (a hidden `csrfToken` field) like every other
 * state-changing request; the SameSite cookie alone is not the whole defence.
 */
export function requireActionCsrf(request: Request, form: FormData): void {
  const token = form.get("csrfToken");
  if (typeof token !== "string" || !verifyCsrfToken(cookieValue(request, CSRF_COOKIE), token)) forbidden();
}
