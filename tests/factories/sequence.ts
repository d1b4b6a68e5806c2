let next = 0;

/** A per-process counter so factory defaults (names, slugs, usernames) never collide within a test database. */
export function nextSeq(): number {
  next += 1;
  return next;
}
