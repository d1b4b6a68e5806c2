import { ThreadView } from "../../components/messages/thread-view";
import { Container, PageHeader } from "../../components/page-header";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/studio-thread";
import { boxOf, loadThread, threadAction } from "./messages.server";

/** One conversation on the provider side (decision 086). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadThread(context, await boxOf(context, request, params.lang, "provider"), params.threadId);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  await boxOf(context, request, params.lang, "provider");
  return threadAction(context, request, params.threadId);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "messages.metaInbox" }),
  { name: "robots", content: "noindex" },
];

export default function Thread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("messages.inboxTitle")} />
      <Container className="max-w-4xl py-8">
        <ThreadView base={loaderData.base} thread={loaderData.thread} result={actionData} />
      </Container>
    </>
  );
}
