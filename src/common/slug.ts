/** Spec section 5: a slug is valid only if sanitising leaves it unchanged and it is non-empty. */
export function sanitizeSlug(input: string): string {
  return input
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}

export function isValidSlug(input: string): boolean {
  return input !== "" && sanitizeSlug(input) === input;
}
