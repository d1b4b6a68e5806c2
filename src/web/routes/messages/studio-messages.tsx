import { ThreadList } from "../../components/messages/thread-list";
import { Container, PageHeader } from "../../components/page-header";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/studio-messages";
import { boxOf, loadThreadList } from "./messages.server";

/** The provider side's conversations (decision 086). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadThreadList(context, request, await boxOf(context, request, params.lang, "provider"));
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "messages.metaInbox" }),
  { name: "robots", content: "noindex" },
];

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("messages.inboxTitle")} intro={t("messages.inboxIntro")} />
      <Container className="max-w-4xl py-8">
        <ThreadList
          base={loaderData.base}
          box={loaderData.box}
          archived={loaderData.archived}
          threads={loaderData.threads}
        />
      </Container>
    </>
  );
}
