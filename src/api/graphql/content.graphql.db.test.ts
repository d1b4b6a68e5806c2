import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import { createUser } from "../../core/accounts/accounts.service";
import { createSession } from "../../core/accounts/sessions.service";
import type { TenantInfo } from "../../core/tenants/tenants.types";
import { buildWebServer } from "../web-server";

describeEachDialect("content over GraphQL (spotlights, tutorials, discussions)", ({ db }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-content-gql-"));
  let app: FastifyInstance;
  let tenant: TenantInfo;
  let other: TenantInfo;
  let apiId = "";
  const ids = { owner: "", visitor: "", otto: "" };

  async function browser(tenantId: string, userId: string | null): Promise<TestBrowser> {
    const b = new TestBrowser(app, tenantId);
    if (userId) b.cookies.set("portico_session", (await createSession(db(), tenantId, userId)).token);
    await b.fetchCsrf();
    return b;
  }

  beforeAll(async () => {
    tenant = await createTestTenant(db());
    other = await createTestTenant(db());
    ids.owner = (await createUser(db(), tenant.id, { username: "maker", email: "maker@c.test" })).id;
    ids.visitor = (await createUser(db(), tenant.id, { username: "reader", email: "reader@c.test" })).id;
    ids.otto = (await createUser(db(), other.id, { username: "otto", email: "otto@c.test" })).id;
    apiId = (await createTestApi(db(), tenant.id, { owner_id: ids.owner })).id;
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent", PORTICO_DATA_DIR: dataDir }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db(), {}, { dataDir }),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("lets the owner publish a spotlight and a tutorial that visitors then read; drafts stay hidden", async () => {
    const owner = await browser(tenant.id, ids.owner);
    const visitor = await browser(tenant.id, ids.visitor);
    const spot = await owner.graphql<{ createSpotlight: { id: string; state: string; position: number } }>(
      `mutation($a: ID!) { createSpotlight(apiId: $a, input: { title: "v2 launch", url: "https://x.test/v2", state: PUBLISHED }) { id state position } }`,
      { a: apiId },
    );
    expect(spot.errors).toBeUndefined();
    expect(spot.data?.createSpotlight.state).toBe("PUBLISHED");

    const invalid = await owner.graphql(
      `mutation($a: ID!) { createSpotlight(apiId: $a, input: { title: "x", url: "javascript:alert(1)" }) { id } }`,
      { a: apiId },
    );
    expect(invalid.errors?.[0]?.message).toBe("The URL is not valid. Please verify.");
    expect(invalid.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");

    for (const [title, draft] of [
      ["First steps", false],
      ["Hidden draft", true],
      ["Second steps", false],
    ] as const) {
      const created = await owner.graphql(
        "mutation($a: ID!, $i: TutorialInput!) { createTutorial(apiId: $a, input: $i) { slug draft } }",
        { a: apiId, i: { title, body: `# ${title}\n\ntext`, draft } },
      );
      expect(created.errors).toBeUndefined();
    }

    const seen = await visitor.graphql<{
      apiTutorials: Array<{ slug: string }>;
      apiSpotlights: Array<{ title: string }>;
    }>(
      "query($a: ID!) { apiTutorials(apiId: $a) { slug } apiSpotlights(apiId: $a, includeUnpublished: true) { title } }",
      { a: apiId },
    );
    expect(seen.data?.apiTutorials.map((t) => t.slug)).toEqual(["first-steps", "second-steps"]);
    expect(seen.data?.apiSpotlights.map((s) => s.title)).toEqual(["v2 launch"]);

    const page = await visitor.graphql<{
      tutorial: {
        html: string;
        toc: Array<{ text: string }>;
        previous: { slug: string } | null;
        next: { slug: string } | null;
      };
    }>(
      'query($a: ID!) { tutorial(apiId: $a, slug: "second-steps") { html toc { text } previous { slug } next { slug } } }',
      {
        a: apiId,
      },
    );
    expect(page.data?.tutorial.toc).toEqual([{ text: "Second steps" }]);
    expect(page.data?.tutorial.previous?.slug).toBe("first-steps");
    expect(page.data?.tutorial.next).toBeNull();

    const draft = await visitor.graphql('query($a: ID!) { tutorial(apiId: $a, slug: "hidden-draft") { html } }', {
      a: apiId,
    });
    expect(draft.errors?.[0]?.message).toBe("Tutorial Not Found");
    const ownerDraft = await owner.graphql<{ tutorial: { previous: { slug: string } } }>(
      'query($a: ID!) { tutorial(apiId: $a, slug: "hidden-draft") { previous { slug } } }',
      { a: apiId },
    );
    expect(ownerDraft.data?.tutorial.previous.slug).toBe("first-steps");
  });

  it("refuses content changes to visitors, anonymous users, other tenants and requests without CSRF", async () => {
    const visitor = await browser(tenant.id, ids.visitor);
    const anonymous = await browser(tenant.id, null);
    const otto = await browser(other.id, ids.otto);
    const mutation = `mutation($a: ID!) { createTutorial(apiId: $a, input: { title: "t", body: "b" }) { id } }`;
    expect((await visitor.graphql(mutation, { a: apiId })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await anonymous.graphql(mutation, { a: apiId })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await otto.graphql(mutation, { a: apiId })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const noCsrf = await browser(tenant.id, ids.owner);
    noCsrf.csrfToken = "";
    expect((await noCsrf.graphql(mutation, { a: apiId })).errors?.[0]?.extensions?.code).toBe("CSRF");
  });

  it("posts a discussion (signed in only, spec message when empty) and answers it", async () => {
    const visitor = await browser(tenant.id, ids.visitor);
    const anonymous = await browser(tenant.id, null);
    const post =
      "mutation($a: ID!, $t: String!, $b: String!) { createDiscussion(apiId: $a, title: $t, body: $b) { id kind author { username } } }";
    expect((await anonymous.graphql(post, { a: apiId, t: "Q", b: "B" })).errors?.[0]?.extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    expect((await visitor.graphql(post, { a: apiId, t: "Q", b: "" })).errors?.[0]?.message).toBe(
      "Title and body required in order to post a new discussion",
    );
    const created = await visitor.graphql<{
      createDiscussion: { id: string; kind: string; author: { username: string } };
    }>(post, { a: apiId, t: "Rate limits?", b: "What are they?" });
    expect(created.data?.createDiscussion).toMatchObject({ kind: "QUESTION", author: { username: "reader" } });
    const discussionId = created.data?.createDiscussion.id ?? "";
    const owner = await browser(tenant.id, ids.owner);
    const answer = await owner.graphql<{ addDiscussionComment: { kind: string } }>(
      'mutation($d: ID!) { addDiscussionComment(discussionId: $d, body: "100/min") { kind } }',
      { d: discussionId },
    );
    expect(answer.data?.addDiscussionComment.kind).toBe("ANSWER");
    const thread = await anonymous.graphql<{
      discussion: { discussion: { commentsCount: number }; comments: Array<{ body: string }> };
    }>("query($d: ID!) { discussion(id: $d) { discussion { commentsCount } comments { body } } }", { d: discussionId });
    expect(thread.data?.discussion).toEqual({ discussion: { commentsCount: 1 }, comments: [{ body: "100/min" }] });
    const otto = await browser(other.id, ids.otto);
    const leak = await otto.graphql("query($d: ID!) { discussion(id: $d) { bodyHtml } }", { d: discussionId });
    expect(leak.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
  it("follows the tenant's switches: tutorials and discussions off are NOT_FOUND, spotlights hidden from readers", async () => {
    const off = await createTestTenant(db(), {
      config: { brandName: "Quiet", switches: { tutorials: false, discussions: false, spotlightVisibility: false } },
    });
    const makerId = (await createUser(db(), off.id, { username: "quiet-maker", email: "quiet@c.test" })).id;
    const offApi = (await createTestApi(db(), off.id, { owner_id: makerId })).id;
    const maker = await browser(off.id, makerId);
    const reader = await browser(off.id, null);
    for (const [query, vars] of [
      ["query($a: ID!) { apiTutorials(apiId: $a) { id } }", { a: offApi }],
      ['mutation($a: ID!) { createTutorial(apiId: $a, input: { title: "T", body: "# T" }) { id } }', { a: offApi }],
      ["query($a: ID!) { apiDiscussions(apiId: $a) { total } }", { a: offApi }],
      ['mutation($a: ID!) { createDiscussion(apiId: $a, title: "Q", body: "?") { id } }', { a: offApi }],
    ] as const) {
      const result = await maker.graphql(query, vars);
      expect(result.errors?.[0]?.extensions?.code, query).toBe("NOT_FOUND");
      expect(result.errors?.[0]?.message).toMatch(/turned off on this marketplace/);
    }
    const spot = await maker.graphql(
      `mutation($a: ID!) { createSpotlight(apiId: $a, input: { title: "Launch", url: "https://x.test/", state: PUBLISHED }) { id } }`,
      { a: offApi },
    );
    expect(spot.errors).toBeUndefined();
    const read = await reader.graphql<{ apiSpotlights: unknown[] }>(
      "query($a: ID!) { apiSpotlights(apiId: $a) { id } }",
      { a: offApi },
    );
    expect(read.data?.apiSpotlights).toEqual([]);
    const managed = await maker.graphql<{ apiSpotlights: unknown[] }>(
      "query($a: ID!) { apiSpotlights(apiId: $a, includeUnpublished: true) { id } }",
      { a: offApi },
    );
    expect(managed.data?.apiSpotlights).toHaveLength(1);
  });
});
