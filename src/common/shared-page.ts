/**
 * A page route's `headers()` sets this response header when its HTML is the same for every signed-out visitor with the
 * same tenant, address, language hints and cookies (decision 161): the web server may then keep the rendered page for
 * a few seconds and answer the next such visitor from it, with that visitor's own CSP nonce and CSRF token put in.
 * The server removes the header before the response leaves.
 */
export const SHARED_PAGE_HEADER = "x-portico-shared-page";

export const SHARED_PAGE_HEADERS: Readonly<Record<string, string>> = { [SHARED_PAGE_HEADER]: "anonymous" };
