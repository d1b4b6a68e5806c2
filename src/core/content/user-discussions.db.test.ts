import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { inviteToApi } from "../access/private-apis.service";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import type { TenantInfo } from "../tenants/tenants.types";
import { addDiscussionComment, createDiscussion } from "./discussions.service";
import { listUserDiscussions } from "./user-discussions.service";

describeEachDialect("profile discussions", ({ db }) => {
  let t1: TenantInfo;
  let author: Viewer;
  let owner: Viewer;
  let stranger: Viewer;

  async function viewer(tenantId: string, username: string): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username });
    return (await getViewer(db(), tenantId, row.id)) as Viewer;
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    author = await viewer(t1.id, "asker");
    owner = await viewer(t1.id, "owner");
    stranger = await viewer(t1.id, "stranger");
    const api = await createTestApi(db(), t1.id, { owner_id: owner.id, name: "Weather Now" });
    const secret = await createTestApi(db(), t1.id, { owner_id: owner.id, visibility: "PRIVATE", name: "Secret" });
    await inviteToApi(
      { db: db(), tenantId: t1.id, viewer: owner },
      { apiId: secret.id, principalType: "USER", username: "asker" },
    );
    const q1 = await createDiscussion(
      { db: db(), tenantId: t1.id, viewer: author },
      api.id,
      { title: "First question", body: "b" },
      1_000,
    );
    await createDiscussion(
      { db: db(), tenantId: t1.id, viewer: author },
      secret.id,
      { title: "Private question", body: "b" },
      2_000,
    );
    const other = await createDiscussion(
      { db: db(), tenantId: t1.id, viewer: owner },
      api.id,
      { title: "Owner's thread", body: "b" },
      3_000,
    );
    await addDiscussionComment({ db: db(), tenantId: t1.id, viewer: author }, other.id, { body: "An answer" }, 4_000);
    await addDiscussionComment({ db: db(), tenantId: t1.id, viewer: owner }, q1.id, { body: "Owner answers" }, 5_000);
  });

  it("lists questions and answers newest first, with the API they belong to", async () => {
    const all = await listUserDiscussions({ db: db(), tenantId: t1.id, viewer: author }, "asker");
    expect(all.total).toBe(3);
    expect(all.items.map((e) => [e.type, e.title, e.createdAt])).toEqual([
      ["answer", "Owner's thread", 4_000],
      ["question", "Private question", 2_000],
      ["question", "First question", 1_000],
    ]);
    expect(all.items[2]?.api).toEqual({ name: "Weather Now", slug: expect.any(String), ownerUsername: "owner" });
    const questions = await listUserDiscussions({ db: db(), tenantId: t1.id, viewer: author }, "asker", {
      filter: "questions",
    });
    expect(questions.items.map((e) => e.title)).toEqual(["Private question", "First question"]);
    const answers = await listUserDiscussions({ db: db(), tenantId: t1.id, viewer: author }, "asker", {
      filter: "answers",
    });
    expect(answers).toMatchObject({ total: 1, items: [{ type: "answer", title: "Owner's thread" }] });
    const paged = await listUserDiscussions({ db: db(), tenantId: t1.id, viewer: author }, "asker", {
      offset: 1,
      limit: 1,
    });
    expect(paged).toMatchObject({ total: 3, items: [{ title: "Private question" }] });
  });

  it("leaves out discussions on private APIs the viewer was not given, and unknown users", async () => {
    for (const who of [stranger, null]) {
      const seen = await listUserDiscussions({ db: db(), tenantId: t1.id, viewer: who }, "asker");
      expect(seen.items.map((e) => e.title)).toEqual(["Owner's thread", "First question"]);
      expect(seen.total).toBe(2);
    }
    await expect(listUserDiscussions({ db: db(), tenantId: t1.id, viewer: null }, "nobody-here")).rejects.toMatchObject(
      { code: "NOT_FOUND" },
    );
    const otherTenant = await createTestTenant(db());
    await expect(
      listUserDiscussions({ db: db(), tenantId: otherTenant.id, viewer: null }, "asker"),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
