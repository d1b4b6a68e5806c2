import { sql } from "kysely";
import { privateApiIdsFor } from "../access/private-apis.service";
import { selectUserByUsername } from "../accounts/accounts.queries";
import { visibleApis } from "../catalog/api-read-model";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";

/*
 * The profile page's discussions table (spec section 2): what one user wrote, newest first. Questions are the
 * discussions they started; answers are their comments, shown with the discussion they answer. A discussion on an
 * API the viewer may not see (private, not invited) is left out, as are hidden ones.
 */

export const USER_DISCUSSION_FILTERS = ["all", "questions", "answers"] as const;
export type UserDiscussionFilter = (typeof USER_DISCUSSION_FILTERS)[number];

export interface UserDiscussionEntry {
  /** The discussion's id for a question, the comment's id for an answer. */
  id: string;
  discussionId: string;
  title: string;
  type: "question" | "answer";
  createdAt: number;
  api: { name: string; slug: string; ownerUsername: string };
}

interface Row {
  id: string;
  discussion_id: string;
  title: string;
  type: string;
  created_at: number | string;
  api_name: string;
  api_slug: string;
  owner_username: string;
}

export async function listUserDiscussions(
  ctx: UseCaseContext,
  username: string,
  options: { filter?: UserDiscussionFilter; offset?: number; limit?: number } = {},
): Promise<{ items: UserDiscussionEntry[]; total: number }> {
  const { db, tenantId, viewer } = ctx;
  const user = await selectUserByUsername(db, tenantId, username);
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const filter = options.filter ?? "all";
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), 100);
  const offset = Math.max(Math.trunc(options.offset ?? 0), 0);
  const canSee = visibleApis("a", await privateApiIdsFor(db, tenantId, viewer));
  const questions = sql`select d.id as id, d.id as discussion_id, d.title as title, 'question' as type,
      d.created_at as created_at, a.name as api_name, a.slug as api_slug, o.username as owner_username
    from discussions d
    join apis a on a.tenant_id = d.tenant_id and a.id = d.api_id
    join users o on o.tenant_id = a.tenant_id and o.id = a.owner_id
    where d.tenant_id = ${tenantId} and d.author_id = ${user.id} and d.status != 'hidden' and ${canSee}`;
  const answers = sql`select c.id as id, d.id as discussion_id, d.title as title, 'answer' as type,
      c.created_at as created_at, a.name as api_name, a.slug as api_slug, o.username as owner_username
    from discussion_comments c
    join discussions d on d.tenant_id = c.tenant_id and d.id = c.discussion_id
    join apis a on a.tenant_id = d.tenant_id and a.id = d.api_id
    join users o on o.tenant_id = a.tenant_id and o.id = a.owner_id
    where c.tenant_id = ${tenantId} and c.author_id = ${user.id} and c.status != 'hidden'
      and d.status != 'hidden' and ${canSee}`;
  const source =
    filter === "questions" ? questions : filter === "answers" ? answers : sql`${questions} union all ${answers}`;
  const [page, count] = await Promise.all([
    sql<Row>`select * from (${source}) entries order by created_at desc, id desc limit ${limit} offset ${offset}`.execute(
      db.kysely,
    ),
    sql<{ n: number | string }>`select count(*) as n from (${source}) entries`.execute(db.kysely),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    items: page.rows.map((r) => ({
      id: r.id,
      discussionId: r.discussion_id,
      title: r.title,
      type: r.type === "answer" ? "answer" : "question",
      createdAt: Number(r.created_at),
      api: { name: r.api_name, slug: r.api_slug, ownerUsername: r.owner_username },
    })),
  };
}
