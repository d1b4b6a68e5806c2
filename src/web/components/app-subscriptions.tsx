import { useFetcher } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import type { DashboardActionResult, DashboardSubscription } from "../routes/developer/dashboard-types";
import { ActionErrorText, Badge, type BadgeTone, CsrfInput } from "./app-form-bits";
import { LocalLink } from "./localized-link";
import { Button, buttonClass } from "./ui/button";

/** Spec section 4 states, as the consumer sees them. */
export const SUBSCRIPTION_TONE: Record<DashboardSubscription["status"], BadgeTone> = {
  subscribed: "success",
  pending_approval: "warning",
  access_rejected: "danger",
  suspended: "danger",
  unsubscribed: "neutral",
};

function SubscriptionRow(props: { sub: DashboardSubscription; baseUrl: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<DashboardActionResult>({ key: `unsubscribe:${props.sub.id}` });
  const s = props.sub;
  return (
    <li data-testid="subscription-row" data-status={s.status} className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {s.apiPath ? (
          <LocalLink to={s.apiPath} className="font-medium text-accent hover:underline" dir="auto">
            {s.apiName}
          </LocalLink>
        ) : (
          <span className="font-medium" dir="auto">
            {s.apiName}
          </span>
        )}
        <span data-testid="subscription-plan" className="text-sm text-slate-600 dark:text-slate-400" dir="auto">
          {s.planName ?? "—"}
        </span>
        <Badge tone={SUBSCRIPTION_TONE[s.status]} testId="subscription-status">
          {t(`apps.subscriptionStatus.${s.status}`)}
        </Badge>
        {s.status !== "suspended" && (
          <details className="ms-auto">
            <summary
              data-testid="unsubscribe"
              className={buttonClass({
                inline: true,
                variant: "secondary",
                size: "sm",
                className: "cursor-pointer list-none",
              })}
            >
              {t("apps.unsubscribe")}
            </summary>
            <fetcher.Form
              method="post"
              className="mt-2 flex max-w-xs flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
            >
              <CsrfInput />
              <input type="hidden" name="intent" value="unsubscribe" />
              <input type="hidden" name="subscriptionId" value={s.id} />
              <p>{t("apps.unsubscribeWarning", { api: s.apiName })}</p>
              <Button
                type="submit"
                data-testid="unsubscribe-confirm"
                disabled={fetcher.state !== "idle"}
                inline
                variant="danger"
                size="sm"
              >
                {t("apps.unsubscribeConfirm")}
              </Button>
              <ActionErrorText result={fetcher.data} />
            </fetcher.Form>
          </details>
        )}
      </div>
      {s.gatewayPath && s.status === "subscribed" && (
        <code dir="ltr" className="break-all font-mono text-xs text-slate-500 dark:text-slate-400">
          {props.baseUrl}
          {s.gatewayPath}/…
        </code>
      )}
      {s.status === "pending_approval" && (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("apps.pendingHint")}</p>
      )}
      {s.planRequest && (
        <p
          data-testid="plan-request"
          data-request-status={s.planRequest.status}
          className={`text-xs ${s.planRequest.status === "rejected" ? "text-danger" : "text-slate-500"}`}
        >
          {t(s.planRequest.status === "rejected" ? "apps.planRequestRejected" : "apps.planRequestPending", {
            plan: s.planRequest.planName ?? "—",
            current: s.planName ?? "—",
          })}
        </p>
      )}
      {s.status === "suspended" && (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("apps.suspendedHint")}</p>
      )}
    </li>
  );
}

/** An app's subscriptions with their state; unsubscribing asks for confirmation. */
export function AppSubscriptions(props: { subscriptions: DashboardSubscription[]; baseUrl: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("apps.subscriptionsTitle")} data-testid="app-subscriptions" className="flex flex-col gap-2">
      <h3 className="font-semibold">{t("apps.subscriptionsTitle")}</h3>
      {props.subscriptions.length === 0 ? (
        <p data-testid="no-subscriptions" className="text-sm text-slate-500 dark:text-slate-400">
          {t("apps.noSubscriptions")}{" "}
          <LocalLink to="/hub" className="font-medium text-accent hover:underline">
            {t("apps.browseApis")}
          </LocalLink>
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {props.subscriptions.map((s) => (
            <SubscriptionRow key={s.id} sub={s} baseUrl={props.baseUrl} />
          ))}
        </ul>
      )}
    </section>
  );
}
