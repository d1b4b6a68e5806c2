import { z } from "zod";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { privateApiIdsFor, requireVisibleApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import { selectUserById, selectUserByUsername } from "../accounts/accounts.queries";
import type { UserProfile, Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import type { ApiCard } from "../catalog/catalog.types";
import { AppError } from "../errors/app-error";
import { recordFollowedIn } from "../events/events.service";
import { notifyApiFollowed, notifyUserFollowed } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { assertActsForSelf, canFollowUser, keepsSavedEntry, SELF_FOLLOW } from "./social.policy";
import {
  adjustFollowersCount,
  deleteApiFollow,
  deleteSavedApi,
  deleteUserFollow,
  insertApiFollow,
  insertUserFollow,
  isFollowingUser,
  selectApiCards,
  selectApiFollow,
  selectApiFollowById,
  selectApiFollowsOfUser,
  selectFollowUsers,
  selectProfileCounts,
  selectSavedApis,
  type UserCardRow,
  upsertSavedApi,
} from "./social.queries";

const id = z.string().trim().min(1).max(100);

/** spec section 7 followApi/unfollowApi: apiId or id, userId. */
export const followApiInputSchema = z
  .object({ apiId: id.nullish(), id: id.nullish(), userId: id.nullish() })
  .refine((v) => !!(v.apiId || v.id), { message: "apiId is required", path: ["apiId"] });

/** spec section 7 saveUserApi: apiId or productId, status. */
export const saveApiInputSchema = z
  .object({
    apiId: id.nullish(),
    productId: id.nullish(),
    status: z.number().int("status must be an integer").min(0).max(1_000_000).nullish(),
  })
  .refine((v) => !!(v.apiId || v.productId), { message: "apiId is required", path: ["apiId"] });

export const followUserInputSchema = z
  .object({ userId: id.nullish(), username: z.string().trim().min(1).max(30).nullish() })
  .refine((v) => !!(v.userId || v.username), { message: "userId is required", path: ["userId"] });

/** Spec section 3 User.followsApiList entry. */
export interface FollowApiEntry {
  id: string;
  follower: string;
  apiId: string;
  status: "ACTIVE";
  createdAt: number;
}

export interface SavedApiEntry {
  apiId: string;
  status: number;
  api: ApiCard;
}

export interface Page {
  offset: number;
  limit: number;
}

/** Follows an API (idempotent) and bumps apis.followers_count in the same transaction. */
export async function followApi(ctx: UseCaseContext, input: unknown): Promise<FollowApiEntry> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(followApiInputSchema, input);
  assertActsForSelf(v, data.userId);
  const apiId = data.apiId ?? data.id ?? "";
  await requireVisibleApi({ db, tenantId, viewer: v }, apiId);
  const now = Date.now();
  await inTransaction(db, async (trx) => {
    if (await insertApiFollow(trx, tenantId, { id: newId("fol"), userId: v.id, apiId, now })) {
      await adjustFollowersCount(trx, tenantId, apiId, 1);
      // Only a new follow is an event: following again changes nothing and tells no one.
      await recordFollowedIn(trx, tenantId, v.id, { api_id: apiId }, now);
      await notifyApiFollowed(trx, tenantId, apiId, v, now);
    }
  });
  const row = await selectApiFollow(db, tenantId, v.id, apiId);
  if (!row) throw new AppError("INTERNAL", "Follow was not recorded");
  return { id: row.id, follower: v.id, apiId, status: "ACTIVE", createdAt: Number(row.created_at) };
}

/** Unfollows an API (by api id, or by the follow entry's id) and decrements followers_count in the same transaction. */
export async function unfollowApi(ctx: UseCaseContext, input: unknown): Promise<{ apiId: string; following: false }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(followApiInputSchema, input);
  assertActsForSelf(v, data.userId);
  let apiId = data.apiId ?? "";
  if (!apiId && data.id) {
    const entry = await selectApiFollowById(db, tenantId, data.id);
    apiId = entry && entry.user_id === v.id ? entry.api_id : data.id;
  }
  await requireVisibleApi({ db, tenantId, viewer: v }, apiId);
  await inTransaction(db, async (trx) => {
    if (await deleteApiFollow(trx, tenantId, v.id, apiId)) await adjustFollowersCount(trx, tenantId, apiId, -1);
  });
  return { apiId, following: false };
}

/** The viewer's followsApiList (spec section 3), visible APIs only. */
export async function listFollowsApi(ctx: UseCaseContext): Promise<FollowApiEntry[]> {
  const { db, tenantId } = ctx;
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  const rows = await selectApiFollowsOfUser(db, tenantId, viewer.id);
  const visible = await visibleApiIds(
    db,
    tenantId,
    viewer,
    rows.map((r) => r.api_id),
  );
  return rows
    .filter((r) => visible.has(r.api_id))
    .map((r) => ({
      id: r.id,
      follower: viewer.id,
      apiId: r.api_id,
      status: r.status,
      createdAt: Number(r.created_at),
    }));
}

async function visibleApiIds(db: Db, tenantId: string, viewer: Viewer | null, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const cards = await selectApiCards(db, tenantId, { ids }, await privateApiIdsFor(db, tenantId, viewer), {
    offset: 0,
    limit: ids.length,
  });
  return new Set(cards.items.map((c) => c.id));
}

async function resolveUser(db: Db, tenantId: string, data: { userId?: string | null; username?: string | null }) {
  const user = data.userId
    ? await selectUserById(db, tenantId, data.userId)
    : await selectUserByUsername(db, tenantId, data.username ?? "");
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user;
}

/** Follows a user of the same tenant; self-follow is refused, following twice changes nothing. */
export async function followUser(ctx: UseCaseContext, input: unknown): Promise<{ userId: string; following: true }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const target = await resolveUser(db, tenantId, parseInput(followUserInputSchema, input));
  if (!canFollowUser(v, tenantId, target.id))
    throw new AppError("BAD_REQUEST", SELF_FOLLOW, { fields: { userId: SELF_FOLLOW } });
  const now = Date.now();
  await inTransaction(db, async (trx) => {
    if (await insertUserFollow(trx, tenantId, v.id, target.id, now)) {
      await recordFollowedIn(trx, tenantId, v.id, { user_id: target.id }, now);
      await notifyUserFollowed(trx, tenantId, target.id, v, now);
    }
  });
  return { userId: target.id, following: true };
}

export async function unfollowUser(ctx: UseCaseContext, input: unknown): Promise<{ userId: string; following: false }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const target = await resolveUser(db, tenantId, parseInput(followUserInputSchema, input));
  if (!canFollowUser(v, tenantId, target.id))
    throw new AppError("BAD_REQUEST", SELF_FOLLOW, { fields: { userId: SELF_FOLLOW } });
  await deleteUserFollow(db, tenantId, v.id, target.id);
  return { userId: target.id, following: false };
}

/** spec section 7 saveUserApi: status > 0 saves (or updates) the entry, 0 removes it. Default status 1. */
export async function saveUserApi(ctx: UseCaseContext, input: unknown): Promise<{ apiId: string; status: number }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(saveApiInputSchema, input);
  const apiId = data.apiId ?? data.productId ?? "";
  await requireVisibleApi({ db, tenantId, viewer: v }, apiId);
  const status = data.status ?? 1;
  if (keepsSavedEntry(status)) await upsertSavedApi(db, tenantId, v.id, apiId, status, Date.now());
  else await deleteSavedApi(db, tenantId, v.id, apiId);
  return { apiId, status };
}

/** spec section 7 getUserSavedApis: the viewer's saved APIs that they can still see, newest first. */
export async function getUserSavedApis(ctx: UseCaseContext): Promise<SavedApiEntry[]> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const saved = await selectSavedApis(db, tenantId, v.id);
  const cards = await selectApiCards(
    db,
    tenantId,
    { ids: saved.map((s) => s.api_id) },
    await privateApiIdsFor(db, tenantId, v),
    { offset: 0, limit: Math.max(1, saved.length) },
  );
  const byId = new Map(cards.items.map((c) => [c.id, c]));
  return saved.flatMap((s) => {
    const api = byId.get(s.api_id);
    return api ? [{ apiId: s.api_id, status: Number(s.status), api }] : [];
  });
}

/** /user/{username}: profile fields, joined date and counts; e-mail only for the owner. */
export async function getUserProfile(ctx: UseCaseContext, username: string): Promise<UserProfile | null> {
  const { db, tenantId, viewer } = ctx;
  const user = await selectUserByUsername(db, tenantId, username);
  if (!user) return null;
  const isViewer = !!viewer && viewer.tenantId === tenantId && viewer.id === user.id;
  const visible = await privateApiIdsFor(db, tenantId, viewer);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    thumbnail: user.thumbnail,
    position: user.position,
    company: user.company,
    location: user.location,
    bio: user.bio,
    email: isViewer ? user.email : null,
    joinedAt: Number(user.created_at),
    counts: await selectProfileCounts(db, tenantId, user.id, visible),
    isViewer,
    viewerFollows:
      !!viewer &&
      viewer.tenantId === tenantId &&
      !isViewer &&
      (await isFollowingUser(db, tenantId, viewer.id, user.id)),
  };
}

async function requireUser(db: Db, tenantId: string, username: string) {
  const user = await selectUserByUsername(db, tenantId, username);
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user;
}

/** Profile tab "Published APIs": the user's APIs the viewer may see. */
export async function listPublishedApis(ctx: UseCaseContext, username: string, page: Page) {
  const { db, tenantId, viewer } = ctx;
  const user = await requireUser(db, tenantId, username);
  const result = await selectApiCards(
    db,
    tenantId,
    { ownerId: user.id },
    await privateApiIdsFor(db, tenantId, viewer),
    page,
  );
  return { ...result, ...page };
}

/** Profile tab "APIs Following". */
export async function listFollowedApis(ctx: UseCaseContext, username: string, page: Page) {
  const { db, tenantId, viewer } = ctx;
  const user = await requireUser(db, tenantId, username);
  const result = await selectApiCards(
    db,
    tenantId,
    { followedBy: user.id },
    await privateApiIdsFor(db, tenantId, viewer),
    page,
  );
  return { ...result, ...page };
}

/** Profile tabs "Followed By" and "Following". */
export async function listFollowUsers(
  db: Db,
  tenantId: string,
  username: string,
  direction: "followers" | "following",
  page: Page,
): Promise<{ items: UserCardRow[]; total: number; offset: number; limit: number }> {
  const user = await requireUser(db, tenantId, username);
  return { ...(await selectFollowUsers(db, tenantId, user.id, direction, page)), ...page };
}
