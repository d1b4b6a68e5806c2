import { ThreadList } from "../../components/messages/thread-list";
import { Container, PageHeader } from "../../components/page-header";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/account-messages";
import { boxOf, loadThreadList } from "./messages.server";

/** The consumer side's conversations (decision 086). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadThreadList(context, request, await boxOf(context, request, params.lang, "consumer"));
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "messages.metaAccount" }),
  { name: "robots", content: "noindex" },
];

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("messages.accountTitle")} intro={t("messages.accountIntro")} />
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
