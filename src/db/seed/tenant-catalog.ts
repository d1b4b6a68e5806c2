import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import { sanitizeSlug } from "../../common/slug";
import type { PricingType, UsersTable, Visibility } from "../schema";

/** What the collection builder needs to know about every API the seed wrote. */
export interface SeededApi {
  id: string;
  name: string;
  slug: string;
  ownerId: string;
  categorySlug: string | null;
  popularity: number;
  followers: number;
  pricing: PricingType;
  visibility: Visibility;
  thumbnail: string | null;
  hasSpec: boolean;
  /** Has plans a visitor can subscribe to (the directory's demo plans). */
  subscribable?: boolean;
}

export type NewUser = Insertable<UsersTable>;

/**
 * In-memory bookkeeping for one tenant while seeding: provider users by key, unique usernames, API slugs per owner,
 * category ids by slug, and the APIs written so far. Nothing here touches the database; callers "commit" a plan
 * only after its transaction succeeded, so a failed spec leaves no trace in the bookkeeping either.
 */
export class TenantCatalog {
  readonly tenantId: string;
  readonly categoryIds = new Map<string, string>();
  readonly apis: SeededApi[] = [];
  private readonly usersByKey = new Map<string, { id: string; username: string }>();
  private readonly usernames = new Set<string>();
  private readonly slugsByOwner = new Map<string, Set<string>>();
  private readonly now: number;

  constructor(tenantId: string, now: number) {
    this.tenantId = tenantId;
    this.now = now;
  }

  userFor(key: string): { id: string; username: string } | undefined {
    return this.usersByKey.get(key);
  }

  /** A new user row (not registered until registerUser), with a unique readable username. */
  planUser(usernameBase: string, details: Partial<NewUser> & { name: string }): NewUser {
    const base = sanitizeSlug(usernameBase).slice(0, 60) || "provider";
    let username = base;
    for (let n = 2; this.usernames.has(username); n++) username = `${base}-${n}`;
    return {
      id: newId("usr"),
      tenant_id: this.tenantId,
      username,
      email: null,
      thumbnail: null,
      position: "API provider",
      company: details.name,
      location: null,
      bio: null,
      is_demo: 1,
      created_at: this.now,
      ...details,
    };
  }

  registerUser(key: string, user: NewUser): void {
    this.usersByKey.set(key, { id: user.id, username: user.username });
    this.usernames.add(user.username);
  }

  /** A slug from the name that no other API of the same owner uses (not reserved until registerApi). */
  planSlug(ownerId: string, name: string): string {
    const base = sanitizeSlug(name).slice(0, 90) || "api";
    const taken = this.slugsByOwner.get(ownerId);
    let slug = base;
    for (let n = 2; taken?.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  registerApi(api: SeededApi): void {
    const taken = this.slugsByOwner.get(api.ownerId) ?? new Set<string>();
    taken.add(api.slug);
    this.slugsByOwner.set(api.ownerId, taken);
    this.apis.push(api);
  }
}
