import { data } from "react-router";
import { formatMessage } from "../../common/i18n/build-resources";
import { ErrorView } from "../components/error-view";
import { useTranslation } from "../i18n/use-translation";
import { pageMeta, rootMetaData } from "../lib/meta";
import type { Route } from "./+types/error";

/**
 * Messages the error page may show ("flagged to show"): only catalog keys from this list, never free text from the
 * URL, so a crafted link cannot put words in the product's mouth.
 */
const SHOWABLE_MESSAGES = new Set(["currentlyUnavailable"]);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = Number(url.searchParams.get("status"));
  // Spec section 8: the error page's status defaults to 500.
  const status = Number.isInteger(raw) && raw >= 400 && raw <= 599 ? raw : 500;
  const key = url.searchParams.get("message");
  const messageKey = key && SHOWABLE_MESSAGES.has(key) ? `error.${key}` : null;
  return data({ status, messageKey }, { status });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { resources } = rootMetaData(matches);
  const message = formatMessage(resources, loaderData?.status === 404 ? "error.pageNotFound" : "error.anErrorOccurred");
  return [...pageMeta(matches, { key: "meta.errorTitle", vars: { message } }), { name: "robots", content: "noindex" }];
};

/** Spec /error: 'Page not found' for 404, otherwise 'An error occurred', the flagged message, a link back to /hub. */
export default function ErrorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { status, messageKey } = loaderData;
  return (
    <ErrorView
      status={status}
      message={status === 404 ? t("error.pageNotFound") : t("error.anErrorOccurred")}
      detail={messageKey ? t(messageKey) : null}
    />
  );
}

/** If the error page itself fails. */
export function ErrorBoundary() {
  const { t } = useTranslation();
  return <ErrorView message={t("error.errorPageFailed")} backTo="home" />;
}
