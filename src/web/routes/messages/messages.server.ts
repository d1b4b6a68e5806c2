import type { AppLoadContext } from "react-router";
import {
  getThread,
  listThreads,
  replyToThread,
  setSenderBlocked,
  type ThreadSide,
  updateThreadState,
} from "../../../core/messages/messages.service";
import { formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { requireStudio, requireViewer } from "../../lib/route-guards.server";

/*
 * Loaders and actions shared by the consumer's messages (/developer/messages) and the provider's inbox
 * (/studio/inbox, /provider/inbox): the same use cases with a different box (decision 086).
 */

export interface BoxInfo {
  box: ThreadSide;
  /** The list's path, without the language prefix. */
  base: string;
}

export async function boxOf(
  context: AppLoadContext,
  request: Request,
  lang: string | undefined,
  box: ThreadSide,
): Promise<BoxInfo> {
  if (box === "provider") {
    const { base } = await requireStudio(context, request, lang);
    return { box, base: `${base}/inbox` };
  }
  requireViewer(context, request, lang);
  return { box, base: "/developer/messages" };
}

export async function loadThreadList(context: AppLoadContext, request: Request, info: BoxInfo) {
  const archived = new URL(request.url).searchParams.get("view") === "archived";
  const page = await listThreads(
    { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
    { box: info.box, archived, limit: 50 },
  );
  return { ...info, archived, threads: page.items, unread: page.unread };
}

export async function loadThread(context: AppLoadContext, info: BoxInfo, threadId: string) {
  const thread = await getThread({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, threadId);
  return { ...info, thread };
}

const STATE_INTENTS: Record<string, { read?: boolean; archived?: boolean }> = {
  read: { read: true },
  unread: { read: false },
  archive: { archived: true },
  unarchive: { archived: false },
};

/** The thread page's forms: reply, read/unread, archive/restore, block/unblock. */
export async function threadAction(context: AppLoadContext, request: Request, threadId: string) {
  const form = await request.formData();
  requireActionCsrf(request, form);
  const { db, tenant, viewer } = context;
  const intent = formText(form, "intent");
  if (intent === "reply") {
    return runAction(intent, () =>
      replyToThread({ db, tenantId: tenant.id, viewer }, { threadId, body: formText(form, "body") }),
    );
  }
  if (intent === "block" || intent === "unblock") {
    return runAction(intent, () =>
      setSenderBlocked({ db, tenantId: tenant.id, viewer }, { threadId, blocked: intent === "block" }),
    );
  }
  const state = STATE_INTENTS[intent];
  if (!state) return { ok: false as const, intent, code: "BAD_REQUEST", message: "Unknown action", fields: {} };
  return runAction(intent, () => updateThreadState({ db, tenantId: tenant.id, viewer }, { threadId, ...state }));
}
