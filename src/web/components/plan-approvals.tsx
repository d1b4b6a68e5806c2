import { useFetcher } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { formatDate } from "../lib/format";
import { useLocale } from "../lib/root-data";
import { translateServerMessage } from "../lib/server-messages";
import type { ManagedSubscription, PlansManageResult } from "../routes/api/plans-manage-types";
import { Badge, CsrfInput } from "./app-form-bits";
import { SUBSCRIPTION_TONE } from "./app-subscriptions";
import type { PlanView } from "./plan-view";
import { buttonClass } from "./ui/button";

/** What the provider may do in each state (core's transitions). */
const ACTIONS: Partial<Record<ManagedSubscription["status"], Array<"approve" | "reject" | "suspend" | "reactivate">>> =
  {
    pending_approval: ["approve", "reject"],
    access_rejected: ["approve"],
    subscribed: ["suspend"],
    suspended: ["reactivate"],
  };

function DecisionRow(props: { sub: ManagedSubscription }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fetcher = useFetcher<PlansManageResult>({ key: `decide:${props.sub.id}` });
  const s = props.sub;
  // An active subscription asking for another plan: approve or reject decide the request (decision 049).
  const actions = s.requestedPlanName ? (["approve", "reject"] as const) : (ACTIONS[s.status] ?? []);
  return (
    <li
      data-testid="managed-subscription"
      data-status={s.status}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
    >
      <span className="font-medium" dir="auto">
        {s.appName}
      </span>
      {s.username && <span className="text-sm text-slate-500 dark:text-slate-400">@{s.username}</span>}
      <span className="text-sm text-slate-600 dark:text-slate-400" dir="auto">
        {s.planName ?? "—"}
      </span>
      <Badge tone={SUBSCRIPTION_TONE[s.status]} testId="managed-subscription-status">
        {t(`apps.subscriptionStatus.${s.status}`)}
      </Badge>
      {s.requestedPlanName && (
        <span data-testid="managed-change-request" className="text-sm font-medium" dir="auto">
          {t("plans.changeRequest", { from: s.planName ?? "—", plan: s.requestedPlanName })}
        </span>
      )}
      <span className="text-xs text-slate-500 dark:text-slate-400">{formatDate(s.updatedAt, locale)}</span>
      <div className="ms-auto flex gap-2">
        {actions.map((decision) => (
          <fetcher.Form key={decision} method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="subscriptionId" value={s.id} />
            <input type="hidden" name="decision" value={decision} />
            <button
              type="submit"
              data-testid={`decide-${decision}`}
              disabled={fetcher.state !== "idle"}
              className={
                decision === "approve" || decision === "reactivate"
                  ? buttonClass({ inline: true, className: "shadow-sm disabled:cursor-not-allowed" })
                  : decision === "reject"
                    ? buttonClass({ inline: true, variant: "danger", size: "sm" })
                    : buttonClass({ inline: true, variant: "dangerOutline", size: "sm" })
              }
            >
              {t(`plans.decision.${decision}`)}
            </button>
          </fetcher.Form>
        ))}
      </div>
      {fetcher.data && !fetcher.data.ok && (
        <p role="alert" className="w-full text-sm text-danger">
          {translateServerMessage(t, fetcher.data.message)}
        </p>
      )}
    </li>
  );
}

/** Subscription requests and subscribers of the API: approve or reject pending requests (plans that need approval). */
export function PlanApprovals(props: { subscriptions: ManagedSubscription[] | null; plans: PlanView[] }) {
  const { t } = useTranslation();
  const subs = props.subscriptions;
  const waiting = (s: ManagedSubscription) => s.status === "pending_approval" || s.requestedPlanName !== null;
  const pending = subs?.filter(waiting) ?? [];
  const others = subs?.filter((s) => !waiting(s)) ?? [];
  const needsApproval = props.plans.some((p) => p.approvalRequired);
  return (
    <section aria-labelledby="approvals-title" data-testid="plan-approvals" className="flex flex-col gap-4">
      <h3 id="approvals-title" className="text-lg font-semibold">
        {t("plans.approvalsTitle")}
      </h3>
      {subs === null ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("plans.ownerOnly")}</p>
      ) : (
        <>
          <div className="rounded-2xl border border-slate-200 bg-white px-5 py-2 dark:border-slate-800 dark:bg-slate-900">
            {pending.length === 0 ? (
              <p data-testid="no-pending" className="py-3 text-sm text-slate-500 dark:text-slate-400">
                {needsApproval ? t("plans.noPending") : t("plans.noApprovalPlans")}
              </p>
            ) : (
              <ul data-testid="pending-list" className="divide-y divide-slate-200 dark:divide-slate-800">
                {pending.map((s) => (
                  <DecisionRow key={s.id} sub={s} />
                ))}
              </ul>
            )}
          </div>
          <h3 className="text-lg font-semibold">{t("plans.subscribersTitle", { count: others.length })}</h3>
          <div className="rounded-2xl border border-slate-200 bg-white px-5 py-2 dark:border-slate-800 dark:bg-slate-900">
            {others.length === 0 ? (
              <p className="py-3 text-sm text-slate-500 dark:text-slate-400">{t("plans.noSubscribers")}</p>
            ) : (
              <ul data-testid="subscriber-list" className="divide-y divide-slate-200 dark:divide-slate-800">
                {others.map((s) => (
                  <DecisionRow key={s.id} sub={s} />
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
