import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createLocalStorage } from "../../infra/storage/local-storage";
import { inviteToApi } from "../access/private-apis.service";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { isAppError } from "../errors/app-error";
import { addDiscussionComment, createDiscussion, getDiscussionThread, listDiscussions } from "./discussions.service";
import {
  createSpotlight,
  deleteSpotlight,
  getSpotlightFile,
  listSpotlights,
  moveSpotlight,
  setSpotlightState,
  updateSpotlight,
} from "./spotlights.service";
import {
  createTutorial,
  deleteTutorial,
  getTutorialForEdit,
  getTutorialPage,
  listTutorials,
  updateTutorial,
} from "./tutorials.service";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "OK";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describeEachDialect("content: spotlights, tutorials, discussions", ({ db }) => {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-storage-"));
  const storage = createLocalStorage(storageDir);
  const deps = { storage, limits: { allowedExtensions: ["png", "pdf"], maxSizeMb: 1 } };
  let t1 = "";
  let t2 = "";
  let owner: Viewer;
  let stranger: Viewer;
  let admin: Viewer;
  let otherTenantUser: Viewer;
  let apiId = "";
  let privateApiId = "";
  let otherTenantApiId = "";

  const viewerOf = async (tenantId: string, username: string, isAdmin = false) => {
    const row = await createUser(db(), tenantId, { username, email: `${username}@content.test`, admin: isAdmin });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("no viewer");
    return v;
  };

  beforeAll(async () => {
    t1 = (await createTestTenant(db())).id;
    t2 = (await createTestTenant(db())).id;
    owner = await viewerOf(t1, "owner");
    stranger = await viewerOf(t1, "stranger");
    admin = await viewerOf(t1, "rooty", true);
    otherTenantUser = await viewerOf(t2, "otto");
    apiId = (await createTestApi(db(), t1, { owner_id: owner.id })).id;
    privateApiId = (await createTestApi(db(), t1, { owner_id: owner.id, visibility: "PRIVATE" })).id;
    otherTenantApiId = (await createTestApi(db(), t2, { owner_id: otherTenantUser.id })).id;
  });

  afterAll(() => {
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it("spotlights: create, publish, list for visitors vs editors, update, file serving, delete", async () => {
    const first = await createSpotlight(
      { db: db(), tenantId: t1, viewer: owner },
      apiId,
      { title: "Launch", url: "https://x.test/launch" },
      null,
      deps,
    );
    expect(first.state).toBe("draft");
    const second = await createSpotlight(
      { db: db(), tenantId: t1, viewer: owner },
      apiId,
      { title: "Poster", state: "published" },
      { name: "poster.png", bytes: PNG },
      deps,
    );
    expect(second).toMatchObject({
      state: "published",
      hasFile: true,
      fileIsImage: true,
      position: first.position + 1,
    });

    expect((await listSpotlights({ db: db(), tenantId: t1, viewer: null }, apiId)).map((s) => s.title)).toEqual([
      "Poster",
    ]);
    expect(
      (await listSpotlights({ db: db(), tenantId: t1, viewer: stranger }, apiId, { includeUnpublished: true })).map(
        (s) => s.title,
      ),
    ).toEqual(["Poster"]);
    expect(
      (await listSpotlights({ db: db(), tenantId: t1, viewer: owner }, apiId, { includeUnpublished: true })).map(
        (s) => s.title,
      ),
    ).toEqual(["Launch", "Poster"]);

    const file = await getSpotlightFile({ db: db(), tenantId: t1, viewer: null }, second.id, storage);
    expect(file?.contentType).toBe("image/png");
    expect(file?.bytes).toEqual(PNG);
    // Unpublished: the file is the editor's only.
    await setSpotlightState({ db: db(), tenantId: t1, viewer: owner }, second.id, "unpublished");
    expect(await getSpotlightFile({ db: db(), tenantId: t1, viewer: stranger }, second.id, storage)).toBeNull();
    expect(await getSpotlightFile({ db: db(), tenantId: t1, viewer: owner }, second.id, storage)).not.toBeNull();
    expect(await getSpotlightFile({ db: db(), tenantId: t2, viewer: otherTenantUser }, second.id, storage)).toBeNull();

    // Replace the file with a URL: the old file is removed from storage.
    const stored = fs.readdirSync(path.join(storageDir, t1, "spotlights"));
    expect(stored).toHaveLength(1);
    const edited = await updateSpotlight(
      { db: db(), tenantId: t1, viewer: owner },
      second.id,
      { title: "Poster v2", url: "https://x.test/p", removeFile: true },
      null,
      deps,
    );
    expect(edited).toMatchObject({ title: "Poster v2", hasFile: false, state: "unpublished" });
    expect(fs.readdirSync(path.join(storageDir, t1, "spotlights"))).toHaveLength(0);

    // Removing the file without giving a URL is the spec's "required" refusal.
    const noTarget = await updateSpotlight(
      { db: db(), tenantId: t1, viewer: owner },
      first.id,
      { url: "" },
      null,
      deps,
    ).catch((e: unknown) => e);
    expect(isAppError(noTarget) && noTarget.message).toBe("Title and Spotlight URL / File are required!");

    expect(await deleteSpotlight({ db: db(), tenantId: t1, viewer: owner }, first.id, deps)).toBe(true);
    expect(
      (await listSpotlights({ db: db(), tenantId: t1, viewer: owner }, apiId, { includeUnpublished: true })).map(
        (s) => s.id,
      ),
    ).toEqual([second.id]);
  });

  it("spotlights: move left/right swaps neighbours and ignores moves past the ends", async () => {
    const api = (await createTestApi(db(), t1, { owner_id: owner.id })).id;
    const ids: string[] = [];
    for (const title of ["A", "B", "C"]) {
      ids.push(
        (
          await createSpotlight(
            { db: db(), tenantId: t1, viewer: owner },
            api,
            { title, url: "https://x.test" },
            null,
            deps,
          )
        ).id,
      );
    }
    const titles = async () =>
      (await listSpotlights({ db: db(), tenantId: t1, viewer: owner }, api, { includeUnpublished: true })).map(
        (s) => `${s.title}${s.position}`,
      );
    await moveSpotlight({ db: db(), tenantId: t1, viewer: owner }, ids[2] ?? "", "left");
    expect(await titles()).toEqual(["A0", "C1", "B2"]);
    await moveSpotlight({ db: db(), tenantId: t1, viewer: owner }, ids[0] ?? "", "left");
    expect(await titles()).toEqual(["A0", "C1", "B2"]);
    await moveSpotlight({ db: db(), tenantId: t1, viewer: owner }, ids[0] ?? "", "right");
    expect(await titles()).toEqual(["C0", "A1", "B2"]);
    await moveSpotlight({ db: db(), tenantId: t1, viewer: owner }, ids[1] ?? "", "right");
    expect(await titles()).toEqual(["C0", "A1", "B2"]);
    // Duplicate positions from older data still move.
    await db().kysely.updateTable("spotlights").set({ position: 5 }).where("api_id", "=", api).execute();
    const before = await titles();
    await moveSpotlight({ db: db(), tenantId: t1, viewer: owner }, ids[1] ?? "", "left");
    const after = await titles();
    expect(after).not.toEqual(before);
    expect(after.map((t) => t.slice(-1))).toEqual(["0", "1", "2"]);
  });

  it("spotlights: only the API's editors manage them; other tenants cannot reach them", async () => {
    const s = await createSpotlight(
      { db: db(), tenantId: t1, viewer: owner },
      apiId,
      { title: "Mine", url: "https://x.test" },
      null,
      deps,
    );
    const attempts: Array<[string, () => Promise<unknown>]> = [
      [
        "create/anon",
        () =>
          createSpotlight(
            { db: db(), tenantId: t1, viewer: null },
            apiId,
            { title: "x", url: "https://x.test" },
            null,
            deps,
          ),
      ],
      [
        "create/stranger",
        () =>
          createSpotlight(
            { db: db(), tenantId: t1, viewer: stranger },
            apiId,
            { title: "x", url: "https://x.test" },
            null,
            deps,
          ),
      ],
      [
        "create/admin",
        () =>
          createSpotlight(
            { db: db(), tenantId: t1, viewer: admin },
            apiId,
            { title: "x", url: "https://x.test" },
            null,
            deps,
          ),
      ],
      [
        "update/stranger",
        () => updateSpotlight({ db: db(), tenantId: t1, viewer: stranger }, s.id, { title: "hijack" }, null, deps),
      ],
      ["state/stranger", () => setSpotlightState({ db: db(), tenantId: t1, viewer: stranger }, s.id, "published")],
      ["move/stranger", () => moveSpotlight({ db: db(), tenantId: t1, viewer: stranger }, s.id, "left")],
      ["delete/stranger", () => deleteSpotlight({ db: db(), tenantId: t1, viewer: stranger }, s.id, deps)],
      [
        "update/otherTenant",
        () => updateSpotlight({ db: db(), tenantId: t2, viewer: otherTenantUser }, s.id, { title: "x" }, null, deps),
      ],
      ["delete/otherTenant", () => deleteSpotlight({ db: db(), tenantId: t2, viewer: otherTenantUser }, s.id, deps)],
      ["list/otherTenant", () => listSpotlights({ db: db(), tenantId: t2, viewer: otherTenantUser }, apiId)],
      [
        "create/otherTenantApi",
        () =>
          createSpotlight(
            { db: db(), tenantId: t1, viewer: owner },
            otherTenantApiId,
            { title: "x", url: "https://x.test" },
            null,
            deps,
          ),
      ],
    ];
    const outcomes: Record<string, string> = {};
    for (const [name, attempt] of attempts) outcomes[name] = await codeOf(attempt());
    expect(outcomes).toEqual({
      "create/anon": "UNAUTHENTICATED",
      "create/stranger": "FORBIDDEN",
      "create/admin": "FORBIDDEN",
      "update/stranger": "FORBIDDEN",
      "state/stranger": "FORBIDDEN",
      "move/stranger": "FORBIDDEN",
      "delete/stranger": "FORBIDDEN",
      "update/otherTenant": "NOT_FOUND",
      "delete/otherTenant": "NOT_FOUND",
      "list/otherTenant": "NOT_FOUND",
      "create/otherTenantApi": "NOT_FOUND",
    });
    const after = await listSpotlights({ db: db(), tenantId: t1, viewer: owner }, apiId, { includeUnpublished: true });
    expect(after.find((x) => x.id === s.id)?.title).toBe("Mine");
  });

  it("tutorials: drafts hidden from non-editors, previous/next, slugs, events", async () => {
    const api = (await createTestApi(db(), t1, { owner_id: owner.id })).id;
    const one = await createTutorial({ db: db(), tenantId: t1, viewer: owner }, api, {
      title: "Getting started",
      body: "# Intro\nhi",
      draft: false,
    });
    const two = await createTutorial({ db: db(), tenantId: t1, viewer: owner }, api, {
      title: "Getting started",
      body: "draft body",
    });
    const three = await createTutorial({ db: db(), tenantId: t1, viewer: owner }, api, {
      title: "Webhooks",
      body: "# A\n# B",
      thumbnailUrl: "https://img.test/w.png",
      draft: false,
    });
    expect([one.slug, two.slug, three.slug]).toEqual(["getting-started", "getting-started-2", "webhooks"]);
    expect(two.draft).toBe(true);
    expect(one.publishedAt).not.toBeNull();

    expect((await listTutorials({ db: db(), tenantId: t1, viewer: null }, api)).map((t) => t.slug)).toEqual([
      "getting-started",
      "webhooks",
    ]);
    expect((await listTutorials({ db: db(), tenantId: t1, viewer: stranger }, api)).map((t) => t.slug)).toEqual([
      "getting-started",
      "webhooks",
    ]);
    expect((await listTutorials({ db: db(), tenantId: t1, viewer: owner }, api)).map((t) => t.slug)).toEqual([
      "getting-started",
      "getting-started-2",
      "webhooks",
    ]);

    const visitorPage = await getTutorialPage({ db: db(), tenantId: t1, viewer: null }, api, "getting-started");
    expect(visitorPage.previous).toBeNull();
    expect(visitorPage.next?.slug).toBe("webhooks");
    expect(visitorPage.rendered.toc).toEqual([{ id: "toc-intro", text: "Intro" }]);
    expect(visitorPage.canEdit).toBe(false);
    const ownerPage = await getTutorialPage({ db: db(), tenantId: t1, viewer: owner }, api, "webhooks");
    expect(ownerPage.previous?.slug).toBe("getting-started-2");
    expect(ownerPage.rendered.toc.map((e) => e.text)).toEqual(["A", "B"]);

    const draftForVisitor = await getTutorialPage(
      { db: db(), tenantId: t1, viewer: stranger },
      api,
      "getting-started-2",
    ).catch((e: unknown) => e);
    expect(isAppError(draftForVisitor) && [draftForVisitor.code, draftForVisitor.message]).toEqual([
      "NOT_FOUND",
      "Tutorial Not Found",
    ]);
    expect(await codeOf(getTutorialPage({ db: db(), tenantId: t1, viewer: null }, api, "nope"))).toBe("NOT_FOUND");

    // Publish the draft: its slug stays, it gets a published date, visitors see it.
    const published = await updateTutorial(
      { db: db(), tenantId: t1, viewer: owner },
      two.id,
      { title: "Renamed", draft: false },
      5_000,
    );
    expect(published).toMatchObject({ slug: "getting-started-2", title: "Renamed", draft: false, publishedAt: 5_000 });
    expect((await listTutorials({ db: db(), tenantId: t1, viewer: null }, api)).map((t) => t.title)).toEqual([
      "Getting started",
      "Renamed",
      "Webhooks",
    ]);
    const back = await updateTutorial(
      { db: db(), tenantId: t1, viewer: owner },
      two.id,
      { draft: true, thumbnailUrl: null },
      6_000,
    );
    expect(back).toMatchObject({ draft: true, publishedAt: 5_000 });

    expect(await deleteTutorial({ db: db(), tenantId: t1, viewer: owner }, three.id)).toBe(true);
    const events = await db()
      .kysely.selectFrom("events")
      .select(["type", "payload", "user_id"])
      .where("tenant_id", "=", t1)
      .where("type", "like", "Tutorial%")
      .execute();
    const ofApi = events.filter((e) => JSON.parse(e.payload).api_id === api);
    expect(ofApi.map((e) => e.type).sort()).toEqual([
      "TutorialAdded",
      "TutorialAdded",
      "TutorialAdded",
      "TutorialDeleted",
      "TutorialUpdated",
      "TutorialUpdated",
    ]);
    expect(ofApi.every((e) => e.user_id === owner.id)).toBe(true);
  });

  it("tutorials: policy refusals and tenant isolation", async () => {
    const tut = await createTutorial({ db: db(), tenantId: t1, viewer: owner }, apiId, {
      title: "Secret draft",
      body: "x",
    });
    const outcomes: Record<string, string> = {
      createAnon: await codeOf(
        createTutorial({ db: db(), tenantId: t1, viewer: null }, apiId, { title: "x", body: "y" }),
      ),
      createStranger: await codeOf(
        createTutorial({ db: db(), tenantId: t1, viewer: stranger }, apiId, { title: "x", body: "y" }),
      ),
      editStranger: await codeOf(
        updateTutorial({ db: db(), tenantId: t1, viewer: stranger }, tut.id, { title: "hijack" }),
      ),
      readForEditStranger: await codeOf(getTutorialForEdit({ db: db(), tenantId: t1, viewer: stranger }, tut.id)),
      deleteStranger: await codeOf(deleteTutorial({ db: db(), tenantId: t1, viewer: stranger }, tut.id)),
      editOtherTenant: await codeOf(
        updateTutorial({ db: db(), tenantId: t2, viewer: otherTenantUser }, tut.id, { title: "x" }),
      ),
      listOtherTenant: await codeOf(listTutorials({ db: db(), tenantId: t2, viewer: otherTenantUser }, apiId)),
      pageOtherTenant: await codeOf(
        getTutorialPage({ db: db(), tenantId: t2, viewer: otherTenantUser }, apiId, tut.slug),
      ),
      privateApiStranger: await codeOf(listTutorials({ db: db(), tenantId: t1, viewer: stranger }, privateApiId)),
      badInput: await codeOf(createTutorial({ db: db(), tenantId: t1, viewer: owner }, apiId, { title: "", body: "" })),
    };
    expect(outcomes).toEqual({
      createAnon: "UNAUTHENTICATED",
      createStranger: "FORBIDDEN",
      editStranger: "FORBIDDEN",
      readForEditStranger: "FORBIDDEN",
      deleteStranger: "FORBIDDEN",
      editOtherTenant: "NOT_FOUND",
      listOtherTenant: "NOT_FOUND",
      pageOtherTenant: "NOT_FOUND",
      privateApiStranger: "NOT_FOUND",
      badInput: "BAD_REQUEST",
    });
    expect((await getTutorialForEdit({ db: db(), tenantId: t1, viewer: owner }, tut.id)).title).toBe("Secret draft");
  });

  it("discussions: post, list newest first, comment, login required, private APIs and other tenants", async () => {
    const api = (await createTestApi(db(), t1, { owner_id: owner.id })).id;
    expect(await listDiscussions({ db: db(), tenantId: t1, viewer: null }, api)).toEqual({ total: 0, nodes: [] });
    const first = await createDiscussion(
      { db: db(), tenantId: t1, viewer: stranger },
      api,
      { title: "How to auth?", body: "Which header?" },
      1_000,
    );
    await createDiscussion(
      { db: db(), tenantId: t1, viewer: owner },
      api,
      { title: "Changelog", body: "v2 is out" },
      2_000,
    );
    const list = await listDiscussions({ db: db(), tenantId: t1, viewer: null }, api);
    expect(list.total).toBe(2);
    expect(list.nodes.map((d) => [d.title, d.author.username, d.kind])).toEqual([
      ["Changelog", "owner", "question"],
      ["How to auth?", "stranger", "question"],
    ]);
    expect(
      (await listDiscussions({ db: db(), tenantId: t1, viewer: null }, api, { limit: 1, offset: 1 })).nodes.map(
        (d) => d.title,
      ),
    ).toEqual(["How to auth?"]);

    await addDiscussionComment({ db: db(), tenantId: t1, viewer: owner }, first.id, { body: "Use **X-Key**" }, 3_000);
    await addDiscussionComment(
      { db: db(), tenantId: t1, viewer: stranger },
      first.id,
      { body: "<script>alert(1)</script> thanks" },
      4_000,
    );
    const thread = await getDiscussionThread({ db: db(), tenantId: t1, viewer: null }, first.id, api);
    expect(thread.discussion).toMatchObject({ commentsCount: 2, lastActivityAt: 4_000 });
    expect(thread.comments.map((c) => [c.author.username, c.kind])).toEqual([
      ["owner", "answer"],
      ["stranger", "answer"],
    ]);
    expect(thread.comments[0]?.bodyHtml).toContain("<strong>X-Key</strong>");
    expect(thread.comments[1]?.bodyHtml).not.toContain("<script");

    const refusals = {
      postAnon: await codeOf(
        createDiscussion({ db: db(), tenantId: t1, viewer: null }, api, { title: "t", body: "b" }),
      ),
      postEmpty: await codeOf(
        createDiscussion({ db: db(), tenantId: t1, viewer: stranger }, api, { title: "t", body: "" }),
      ),
      commentAnon: await codeOf(
        addDiscussionComment({ db: db(), tenantId: t1, viewer: null }, first.id, { body: "x" }),
      ),
      commentEmpty: await codeOf(
        addDiscussionComment({ db: db(), tenantId: t1, viewer: stranger }, first.id, { body: " " }),
      ),
      threadWrongApi: await codeOf(getDiscussionThread({ db: db(), tenantId: t1, viewer: null }, first.id, apiId)),
      threadOtherTenant: await codeOf(
        getDiscussionThread({ db: db(), tenantId: t2, viewer: otherTenantUser }, first.id),
      ),
      commentOtherTenant: await codeOf(
        addDiscussionComment({ db: db(), tenantId: t2, viewer: otherTenantUser }, first.id, { body: "x" }),
      ),
      postPrivateStranger: await codeOf(
        createDiscussion({ db: db(), tenantId: t1, viewer: stranger }, privateApiId, { title: "t", body: "b" }),
      ),
    };
    expect(refusals).toEqual({
      postAnon: "UNAUTHENTICATED",
      postEmpty: "BAD_REQUEST",
      commentAnon: "UNAUTHENTICATED",
      commentEmpty: "BAD_REQUEST",
      threadWrongApi: "NOT_FOUND",
      threadOtherTenant: "NOT_FOUND",
      commentOtherTenant: "NOT_FOUND",
      postPrivateStranger: "NOT_FOUND",
    });
    // An invited user may discuss a private API.
    await inviteToApi(
      { db: db(), tenantId: t1, viewer: owner },
      { apiId: privateApiId, principalType: "USER", username: "stranger" },
    );
    expect(
      await codeOf(
        createDiscussion({ db: db(), tenantId: t1, viewer: stranger }, privateApiId, { title: "t", body: "b" }),
      ),
    ).toBe("OK");
  });
});
