import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import {
  countUnreadMessages,
  getThread,
  listThreads,
  MESSAGE_TEXTS,
  MESSAGES_PER_HOUR,
  replyToThread,
  sendApiMessage,
  setSenderBlocked,
  updateThreadState,
} from "./messages.service";

// Decision 086: contact the creator, the provider's inbox, the consumer's threads, blocking.
describeEachDialect("contact messages", ({ db }) => {
  let tenantId: string;
  let provider: Viewer;
  let consumer: Viewer;
  let stranger: Viewer;
  let foreigner: Viewer;
  let apiId: string;

  async function viewer(tenant: string): Promise<Viewer> {
    const row = await createTestUser(db(), tenant);
    const v = await getViewer(db(), tenant, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }
  const countRows = async (table: "messages" | "message_threads") =>
    Number(
      (
        await db()
          .kysely.selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("tenant_id", "=", tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    provider = await viewer(tenantId);
    consumer = await viewer(tenantId);
    stranger = await viewer(tenantId);
    foreigner = await viewer((await createTestTenant(db())).id);
    apiId = (await createTestApi(db(), tenantId, { owner_id: provider.id, name: "Maps" })).id;
  });

  it("contact → provider inbox → reply → consumer sees it, each side notified once and mailed", async () => {
    const { threadId } = await sendApiMessage(
      { db: db(), tenantId, viewer: consumer },
      {
        apiId,
        subject: "  Quota question ",
        body: "Can I get\nmore calls?\u202e",
      },
    );
    const inbox = await listThreads({ db: db(), tenantId, viewer: provider }, { box: "provider" });
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ id: threadId, subject: "Quota question", unread: true, apiName: "Maps" });
    expect(inbox.items[0]?.consumerUsername).toBe(consumer.username);
    expect((await countUnreadMessages({ db: db(), tenantId, viewer: provider })).provider).toBe(1);

    const opened = await getThread({ db: db(), tenantId, viewer: provider }, threadId);
    expect(opened.side).toBe("provider");
    expect(opened.messages.map((m) => m.body)).toEqual(["Can I get\nmore calls?"]);
    expect(opened.unread).toBe(false);

    await replyToThread({ db: db(), tenantId, viewer: provider }, { threadId, body: "Yes: upgrade to Pro." });
    const mine = await listThreads({ db: db(), tenantId, viewer: consumer }, { box: "consumer" });
    expect(mine.items[0]).toMatchObject({ id: threadId, unread: true });
    const seen = await getThread({ db: db(), tenantId, viewer: consumer }, threadId);
    expect(seen.messages.map((m) => [m.side, m.body])).toEqual([
      ["consumer", "Can I get\nmore calls?"],
      ["provider", "Yes: upgrade to Pro."],
    ]);

    const notes = await db()
      .kysely.selectFrom("notifications")
      .select(["user_id", "cta_url"])
      .where("tenant_id", "=", tenantId)
      .where("kind", "=", "message")
      .execute();
    expect(notes).toEqual(
      expect.arrayContaining([
        { user_id: provider.id, cta_url: `/studio/inbox/${threadId}` },
        { user_id: consumer.id, cta_url: `/developer/messages/${threadId}` },
      ]),
    );
    expect(notes).toHaveLength(2);
    const mails = await db()
      .kysely.selectFrom("mail_outbox")
      .select("to_address")
      .where("tenant_id", "=", tenantId)
      .where("kind", "=", "notification:message")
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual([consumer.email, provider.email].sort());
  });

  it("mark unread and archive per side; other users, tenants and signed-out callers get nothing", async () => {
    const [thread] = (await listThreads({ db: db(), tenantId, viewer: provider }, { box: "provider" })).items;
    const threadId = thread?.id ?? "";
    expect(await updateThreadState({ db: db(), tenantId, viewer: provider }, { threadId, read: false })).toMatchObject({
      unread: true,
    });
    expect(
      await updateThreadState({ db: db(), tenantId, viewer: provider }, { threadId, archived: true }),
    ).toMatchObject({
      archived: true,
    });
    expect((await listThreads({ db: db(), tenantId, viewer: provider }, { box: "provider" })).items).toHaveLength(0);
    expect(
      (await listThreads({ db: db(), tenantId, viewer: provider }, { box: "provider", archived: true })).items,
    ).toHaveLength(1);
    // The consumer's copy is untouched.
    expect((await listThreads({ db: db(), tenantId, viewer: consumer }, { box: "consumer" })).items).toHaveLength(1);

    await expect(getThread({ db: db(), tenantId, viewer: stranger }, threadId)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      replyToThread({ db: db(), tenantId, viewer: stranger }, { threadId, body: "hi" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(getThread({ db: db(), tenantId, viewer: foreigner }, threadId)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(listThreads({ db: db(), tenantId, viewer: null }, { box: "consumer" })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(
      setSenderBlocked({ db: db(), tenantId, viewer: consumer }, { threadId, blocked: true }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("bad input, own API and blocked senders are refused and nothing is stored", async () => {
    const threads = await countRows("message_threads");
    const messages = await countRows("messages");
    const refusals: [Viewer, unknown, string][] = [
      [consumer, { apiId, subject: " ", body: "x" }, MESSAGE_TEXTS.required],
      [consumer, { apiId, subject: "x", body: "\u0000 " }, MESSAGE_TEXTS.bodyRequired],
      [consumer, { apiId, subject: "x".repeat(151), body: "x" }, MESSAGE_TEXTS.subjectTooLong],
      [consumer, { apiId, subject: "x", body: "x".repeat(5001) }, MESSAGE_TEXTS.bodyTooLong],
      [provider, { apiId, subject: "x", body: "x" }, MESSAGE_TEXTS.ownApi],
    ];
    for (const [who, input, message] of refusals) {
      await expect(sendApiMessage({ db: db(), tenantId, viewer: who }, input)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message,
      });
    }
    const [thread] = (await listThreads({ db: db(), tenantId, viewer: provider }, { box: "provider", archived: true }))
      .items;
    await setSenderBlocked({ db: db(), tenantId, viewer: provider }, { threadId: thread?.id, blocked: true });
    expect((await getThread({ db: db(), tenantId, viewer: provider }, thread?.id ?? "")).senderBlocked).toBe(true);
    await expect(
      sendApiMessage({ db: db(), tenantId, viewer: consumer }, { apiId, subject: "Again", body: "x" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: MESSAGE_TEXTS.blocked });
    await expect(
      replyToThread({ db: db(), tenantId, viewer: consumer }, { threadId: thread?.id, body: "x" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await countRows("message_threads")).toBe(threads);
    expect(await countRows("messages")).toBe(messages);
    await setSenderBlocked({ db: db(), tenantId, viewer: provider }, { threadId: thread?.id, blocked: false });
    await sendApiMessage({ db: db(), tenantId, viewer: consumer }, { apiId, subject: "Unblocked", body: "x" });
    expect(await countRows("message_threads")).toBe(threads + 1);
  });

  it("throttles each sender per hour", async () => {
    const sender = await viewer(tenantId);
    for (let i = 0; i < MESSAGES_PER_HOUR; i++) {
      await sendApiMessage({ db: db(), tenantId, viewer: sender }, { apiId, subject: `S${i}`, body: "x" });
    }
    await expect(
      sendApiMessage({ db: db(), tenantId, viewer: sender }, { apiId, subject: "One more", body: "x" }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});
