import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { listApiCardsByIds } from "../catalog/api-read-model";
import { isAppError } from "../errors/app-error";
import { RATING_MESSAGES } from "./rating-messages";
import { deleteRating, editRating, rateApi, replyToReview, voteReviewHelpful } from "./ratings.service";
import { getRatingSummary, listReviews } from "./reviews.service";

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "OK";
  } catch (error) {
    if (isAppError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
}

describeEachDialect("ratings and reviews", ({ db }) => {
  let t1 = "";
  let t2 = "";
  let owner: Viewer;
  let alice: Viewer;
  let bob: Viewer;
  let carol: Viewer;
  let outsider: Viewer;
  let n = 0;

  const viewerOf = async (tenantId: string, username: string) => {
    const row = await createUser(db(), tenantId, { username, email: `${username}@ratings.test` });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("no viewer");
    return v;
  };
  const newApi = async (extra: Parameters<typeof createTestApi>[2] = {}) =>
    (await createTestApi(db(), t1, { owner_id: owner.id, slug: `rated-${++n}`, ...extra })).id;
  const ratingRows = async (apiId: string) =>
    db().kysely.selectFrom("api_ratings").selectAll().where("api_id", "=", apiId).execute();

  beforeAll(async () => {
    t1 = (await createTestTenant(db())).id;
    t2 = (await createTestTenant(db())).id;
    owner = await viewerOf(t1, "apiprovider");
    alice = await viewerOf(t1, "alice");
    bob = await viewerOf(t1, "bob");
    carol = await viewerOf(t1, "carol");
    outsider = await viewerOf(t2, "outsider");
  });

  it("keeps the aggregate (average, count, distribution) in step with every rate, edit and delete", async () => {
    const apiId = await newApi();
    await rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, {
      stars: 5,
      title: "Great",
      body: "Works **well**",
    });
    await rateApi({ db: db(), tenantId: t1, viewer: bob }, apiId, { stars: 2 });
    expect(await getRatingSummary({ db: db(), tenantId: t1, viewer: null }, apiId)).toEqual({
      average: 3.5,
      votes: 2,
      distribution: [0, 1, 0, 0, 1],
      isDemo: false,
    });
    await editRating({ db: db(), tenantId: t1, viewer: bob }, apiId, { stars: 4, title: "Better now", body: "Fixed" });
    expect((await getRatingSummary({ db: db(), tenantId: t1, viewer: null }, apiId)).distribution).toEqual([
      0, 0, 0, 1, 1,
    ]);
    const afterDelete = await deleteRating({ db: db(), tenantId: t1, viewer: alice }, apiId);
    expect(afterDelete).toMatchObject({ average: 4, votes: 1, distribution: [0, 0, 0, 1, 0] });
    const last = await deleteRating({ db: db(), tenantId: t1, viewer: bob }, apiId);
    expect(last).toEqual({ average: 0, votes: 0, distribution: null, isDemo: false });
  });

  it("shows generated stars as demo and replaces them with the real aggregate at the first real rating", async () => {
    const apiId = await newApi({ is_demo_data: 1, rating_avg: 4.6, rating_votes: 812, rating_is_demo: 1 });
    const [before] = await listApiCardsByIds(db(), t1, [apiId]);
    expect(before).toMatchObject({ rating: 4.6, ratingVotes: 812, ratingIsDemo: true });
    await rateApi({ db: db(), tenantId: t1, viewer: carol }, apiId, { stars: 2 });
    const [after] = await listApiCardsByIds(db(), t1, [apiId]);
    // Never 812 demo votes plus one real one: the real aggregate alone.
    expect(after).toMatchObject({ rating: 2, ratingVotes: 1, ratingIsDemo: false });
  });

  it("refuses bad input, a second rating and the API's own provider, storing nothing", async () => {
    const apiId = await newApi();
    for (const stars of [0, 6, 2.5, "5", null]) {
      expect(await refusal(rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars }))).toBe(
        `BAD_REQUEST: ${RATING_MESSAGES.starsRange}`,
      );
    }
    expect(
      await refusal(rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 4, body: "x".repeat(5_001) })),
    ).toBe(`BAD_REQUEST: ${RATING_MESSAGES.bodyTooLong}`);
    expect(
      await refusal(
        rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 4, title: "t".repeat(121), body: "ok" }),
      ),
    ).toBe(`BAD_REQUEST: ${RATING_MESSAGES.titleTooLong}`);
    expect(
      await refusal(rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 4, title: "Only a title" })),
    ).toBe(`BAD_REQUEST: ${RATING_MESSAGES.titleNeedsBody}`);
    expect(
      await refusal(rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 4, body: "bell\u0007" })),
    ).toMatch(/^BAD_REQUEST/);
    expect(await refusal(rateApi({ db: db(), tenantId: t1, viewer: owner }, apiId, { stars: 5 }))).toBe(
      `FORBIDDEN: ${RATING_MESSAGES.ownApi}`,
    );
    expect(await refusal(rateApi({ db: db(), tenantId: t1, viewer: null }, apiId, { stars: 5 }))).toMatch(
      /^UNAUTHENTICATED/,
    );
    expect(await refusal(rateApi({ db: db(), tenantId: t2, viewer: outsider }, apiId, { stars: 5 }))).toMatch(
      /^NOT_FOUND/,
    );
    expect(await ratingRows(apiId)).toHaveLength(0);
    expect((await getRatingSummary({ db: db(), tenantId: t1, viewer: null }, apiId)).votes).toBe(0);

    await rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 3 });
    expect(await refusal(rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 5 }))).toBe(
      `CONFLICT: ${RATING_MESSAGES.alreadyRated}`,
    );
    expect(await ratingRows(apiId)).toHaveLength(1);
    expect(await refusal(editRating({ db: db(), tenantId: t1, viewer: bob }, apiId, { stars: 1 }))).toBe(
      `NOT_FOUND: ${RATING_MESSAGES.notRated}`,
    );
  });

  it("renders review bodies through the discussions' sanitizer", async () => {
    const apiId = await newApi();
    await rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, {
      stars: 4,
      title: "<b>title stays text</b>",
      body: 'Nice <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror="alert(1)">',
    });
    const page = await listReviews({ db: db(), tenantId: t1, viewer: null }, apiId);
    const html = page.items[0]?.bodyHtml ?? "";
    // Markdown's raw HTML comes out as text, and the link with a javascript: target is not a link.
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain("&lt;script&gt;");
    expect(page.items[0]?.title).toBe("<b>title stays text</b>");
  });

  it("lets the provider reply once, and nobody else", async () => {
    const apiId = await newApi();
    await rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 2, title: "Slow", body: "Timeouts" });
    const reviewId = (await listReviews({ db: db(), tenantId: t1, viewer: null }, apiId)).items[0]?.id ?? "";
    expect(await refusal(replyToReview({ db: db(), tenantId: t1, viewer: bob }, reviewId, { body: "Not mine" }))).toBe(
      `FORBIDDEN: ${RATING_MESSAGES.notProvider}`,
    );
    expect(await refusal(replyToReview({ db: db(), tenantId: t1, viewer: owner }, reviewId, { body: "  " }))).toBe(
      `BAD_REQUEST: ${RATING_MESSAGES.replyRequired}`,
    );
    const replied = await replyToReview({ db: db(), tenantId: t1, viewer: owner }, reviewId, {
      body: "Fixed in **v2**",
    });
    expect(replied.reply).toMatchObject({ authorUsername: "apiprovider", body: "Fixed in **v2**" });
    expect(replied.reply?.bodyHtml).toContain("<strong>v2</strong>");
    expect(await refusal(replyToReview({ db: db(), tenantId: t1, viewer: owner }, reviewId, { body: "Again" }))).toBe(
      `CONFLICT: ${RATING_MESSAGES.alreadyReplied}`,
    );
    expect(await refusal(replyToReview({ db: db(), tenantId: t2, viewer: outsider }, reviewId, { body: "x" }))).toMatch(
      /^NOT_FOUND/,
    );
  });

  it("counts helpful votes once per user, takes them back, and sorts by them", async () => {
    const apiId = await newApi();
    const now = Date.now();
    await rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 5, title: "A", body: "a" }, now + 1_000);
    await rateApi({ db: db(), tenantId: t1, viewer: bob }, apiId, { stars: 1, title: "B", body: "b" }, now + 2_000);
    await rateApi({ db: db(), tenantId: t1, viewer: carol }, apiId, { stars: 3, title: "C", body: "c" }, now + 3_000);
    const byUser = async (v: Viewer) =>
      (await listReviews({ db: db(), tenantId: t1, viewer: null }, apiId)).items.find((i) => i.author.id === v.id)
        ?.id ?? "";
    const aliceReview = await byUser(alice);
    expect(await voteReviewHelpful({ db: db(), tenantId: t1, viewer: bob }, aliceReview, true)).toMatchObject({
      helpfulCount: 1,
    });
    // A retried vote does not count twice.
    expect(await voteReviewHelpful({ db: db(), tenantId: t1, viewer: bob }, aliceReview, true)).toMatchObject({
      helpfulCount: 1,
    });
    expect(await voteReviewHelpful({ db: db(), tenantId: t1, viewer: carol }, aliceReview, true)).toMatchObject({
      helpfulCount: 2,
    });
    expect(await voteReviewHelpful({ db: db(), tenantId: t1, viewer: carol }, aliceReview, false)).toMatchObject({
      helpfulCount: 1,
    });
    expect(await refusal(voteReviewHelpful({ db: db(), tenantId: t1, viewer: alice }, aliceReview, true))).toBe(
      `FORBIDDEN: ${RATING_MESSAGES.ownReviewVote}`,
    );
    const order = async (sort: string) =>
      (await listReviews({ db: db(), tenantId: t1, viewer: bob }, apiId, { sort })).items.map((i) => i.title).join("");
    expect(await order("newest")).toBe("CBA");
    expect(await order("helpful")).toBe("ACB");
    expect(await order("highest")).toBe("ACB");
    expect(await order("lowest")).toBe("BCA");
    expect(await refusal(listReviews({ db: db(), tenantId: t1, viewer: null }, apiId, { sort: "random" }))).toMatch(
      /^BAD_REQUEST/,
    );
    const page = await listReviews({ db: db(), tenantId: t1, viewer: bob }, apiId, {
      sort: "newest",
      offset: 1,
      limit: 1,
    });
    expect(page).toMatchObject({ total: 3, offset: 1, limit: 1, canRate: true, canReply: false });
    expect(page.items.map((i) => i.title)).toEqual(["B"]);
    expect(page.mine?.title).toBe("B");
    expect(
      (await listReviews({ db: db(), tenantId: t1, viewer: bob }, apiId, { sort: "helpful" })).items[0]?.votedHelpful,
    ).toBe(true);
    expect(await listReviews({ db: db(), tenantId: t1, viewer: owner }, apiId)).toMatchObject({
      canRate: false,
      canReply: true,
    });
  });

  it("limits rating writes per user and hour", async () => {
    const spammer = await viewerOf(t1, "spammer");
    let refused = "";
    for (let i = 0; i < 40 && !refused; i++) {
      const apiId = await newApi();
      const result = await refusal(rateApi({ db: db(), tenantId: t1, viewer: spammer }, apiId, { stars: 1 }));
      if (result !== "OK") refused = result;
    }
    expect(refused).toMatch(/^RATE_LIMITED: Too many ratings and replies/);
  });

  it("hides ratings of a private API from who may not see it", async () => {
    const apiId = await newApi({ visibility: "PRIVATE" });
    expect(await refusal(rateApi({ db: db(), tenantId: t1, viewer: alice }, apiId, { stars: 4 }))).toMatch(
      /^NOT_FOUND/,
    );
    expect(await refusal(listReviews({ db: db(), tenantId: t1, viewer: alice }, apiId))).toMatch(/^NOT_FOUND/);
  });
});
