import { useState } from "react";
import { formatMoney } from "../../../core/billing/money";
import { useTranslation } from "../../i18n/use-translation";
import { cancelSubscriptionAtPeriodEnd, changeSubscriptionPlan, payPastDueBalance } from "../../lib/billing-client";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import type { BillingAmount, BillingSubscription } from "../../routes/developer/billing-types";
import { Badge } from "../app-form-bits";
import { SUBSCRIPTION_TONE } from "../app-subscriptions";
import { LocalLink } from "../localized-link";
import { Button } from "../ui/button";
import { Select } from "../ui/select";
import { CardFields, EMPTY_CARD } from "./card-fields";
import { type CardFormValues, type CardHints, checkCardForm, toCardInput } from "./card-hints";
import { usePaymentAction } from "./use-payment-action";

function useMoney() {
  const locale = useLocale();
  return (amount: BillingAmount) => formatMoney(amount, locale);
}

/** The card form with its hints; `onValid` receives the card when every field passes. */
function CardForm(props: {
  submitLabel: string;
  busy: boolean;
  testId: string;
  onValid: (card: ReturnType<typeof toCardInput>) => void;
}) {
  const [card, setCard] = useState<CardFormValues>(EMPTY_CARD);
  const [hints, setHints] = useState<CardHints>({});
  return (
    <form
      noValidate
      data-testid={props.testId}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const found = checkCardForm(card, Date.now());
        setHints(found);
        if (Object.keys(found).length === 0) props.onValid(toCardInput(card));
      }}
    >
      <CardFields values={card} onChange={setCard} hints={hints} disabled={props.busy} />
      <Button type="submit" disabled={props.busy} inline className="shadow-sm disabled:cursor-not-allowed self-start">
        {props.submitLabel}
      </Button>
    </form>
  );
}

function ErrorText(props: { error: { message: string } | null; testId: string }) {
  if (!props.error) return null;
  return (
    <p role="alert" data-testid={props.testId} className="text-sm font-medium text-danger">
      {props.error.message}
    </p>
  );
}

/** Suspended after a failed renewal (spec section 4): pay the past-due balance with a card to reactivate. */
function PayPastDue(props: { sub: BillingSubscription }) {
  const { t } = useTranslation();
  const money = useMoney();
  const action = usePaymentAction();
  return (
    <div
      data-testid="past-due-panel"
      className="flex flex-col gap-3 rounded-xl border border-danger/30 bg-danger/5 p-4"
    >
      <p className="text-sm font-semibold">{t("billing.pastDueTitle", { amount: money(props.sub.pastDue) })}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("billing.pastDueText")}</p>
      <CardForm
        testId="past-due-form"
        busy={action.busy}
        submitLabel={t("billing.payPastDue", { amount: money(props.sub.pastDue) })}
        onValid={(card) => {
          const request = { subscriptionId: props.sub.id, card };
          void action.run(request, (idempotencyKey) => payPastDueBalance({ ...request, idempotencyKey }));
        }}
      />
      <ErrorText error={action.error} testId="past-due-error" />
    </div>
  );
}

/** Change plan: another plan of the same API; paid targets may need a card when none is on file. */
function ChangePlan(props: { sub: BillingSubscription }) {
  const { t } = useTranslation();
  const money = useMoney();
  const action = usePaymentAction();
  const [planId, setPlanId] = useState(props.sub.planOptions[0]?.id ?? "");
  const [withCard, setWithCard] = useState(false);
  // A plan that needs approval is only requested: the answer says so, and "Plan changed" would be untrue.
  const [requested, setRequested] = useState(false);
  const target = props.sub.planOptions.find((p) => p.id === planId);
  const send = (card: ReturnType<typeof toCardInput> | null) => {
    const request = { subscriptionId: props.sub.id, planId, card };
    void action
      .run(request, (idempotencyKey) => changeSubscriptionPlan({ ...request, idempotencyKey }))
      .then((result) => setRequested(result?.planRequest?.status === "PENDING"));
  };
  // The server asks for a card when none is on file for a paid plan (PAYMENT_METHOD_REQUIRED).
  const needsCard = withCard || action.error?.code === "PAYMENT_METHOD_REQUIRED";
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={`change-plan-${props.sub.id}`} className="text-sm font-semibold">
        {t("billing.newPlan")}
      </label>
      <Select
        id={`change-plan-${props.sub.id}`}
        data-testid="change-plan-select"
        value={planId}
        disabled={action.busy}
        onChange={(e) => setPlanId(e.target.value)}
        look="compact"
      >
        {props.sub.planOptions.map((p) => (
          <option key={p.id} value={p.id}>
            {p.isFree ? `${p.name} · ${t("pricing.free")}` : `${p.name} · ${money(p.price)} ${t("pricing.perMonth")}`}
          </option>
        ))}
      </Select>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {props.sub.coveredByOrganization || props.sub.contextLabel
          ? t("billing.changeForAllTeams")
          : t("billing.prorationHint")}
      </p>
      {target && !target.isFree && !needsCard && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={withCard} onChange={(e) => setWithCard(e.target.checked)} />
          {t("billing.useNewCard")}
        </label>
      )}
      {needsCard && target && !target.isFree ? (
        <CardForm
          testId="change-plan-card"
          busy={action.busy}
          submitLabel={t("billing.changePlanConfirm")}
          onValid={send}
        />
      ) : (
        <Button
          type="button"
          data-testid="change-plan-confirm"
          disabled={action.busy || !target}
          onClick={() => send(null)}
          inline
          className="shadow-sm disabled:cursor-not-allowed self-start"
        >
          {t("billing.changePlanConfirm")}
        </Button>
      )}
      <ErrorText error={action.error} testId="change-plan-error" />
      {action.done && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
          {requested ? t("billing.changeRequestedTitle") : t("billing.planChanged")}
        </p>
      )}
    </div>
  );
}

function CancelAtPeriodEnd(props: { sub: BillingSubscription }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const action = usePaymentAction();
  const [asking, setAsking] = useState(false);
  const end = props.sub.currentPeriodEnd;
  if (!asking) {
    return (
      <Button
        type="button"
        data-testid="cancel-subscription"
        onClick={() => setAsking(true)}
        inline
        variant="dangerOutline"
        size="sm"
      >
        {t("billing.cancel")}
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-danger/30 p-3">
      <p className="text-sm">
        {end ? t("billing.cancelWarning", { date: formatDate(end, locale) }) : t("billing.cancelWarningNow")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          data-testid="cancel-subscription-confirm"
          disabled={action.busy}
          onClick={() => void action.run({ cancel: props.sub.id }, () => cancelSubscriptionAtPeriodEnd(props.sub.id))}
          inline
          variant="danger"
          size="sm"
        >
          {t("billing.cancelConfirm")}
        </Button>
        <Button type="button" onClick={() => setAsking(false)} inline variant="secondary" size="sm">
          {t("billing.keep")}
        </Button>
      </div>
      <ErrorText error={action.error} testId="cancel-error" />
    </div>
  );
}

/** One subscription on the Billing page: what it costs, when it renews, and what one can do with it. */
export function BillingSubscriptionCard(props: { sub: BillingSubscription }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney();
  const { sub } = props;
  const [changing, setChanging] = useState(false);
  const canManage = !sub.coveredByOrganization && (sub.status === "subscribed" || sub.status === "suspended");
  return (
    <article
      data-testid="billing-subscription"
      data-status={sub.status}
      data-api-name={sub.apiName}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <h3 className="text-lg font-bold" dir="auto">
            {sub.apiPath ? (
              <LocalLink to={sub.apiPath} className="hover:text-accent">
                {sub.apiName}
              </LocalLink>
            ) : (
              sub.apiName
            )}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400" dir="auto">
            {sub.contextLabel ? t("billing.appIn", { app: sub.appName, context: sub.contextLabel }) : sub.appName}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {sub.cancelAtPeriodEnd && (
            <Badge tone="warning" testId="billing-cancels">
              {t("billing.cancelsBadge")}
            </Badge>
          )}
          <Badge tone={SUBSCRIPTION_TONE[sub.status]} testId="billing-status">
            {t(`apps.subscriptionStatus.${sub.status}`)}
          </Badge>
        </div>
      </header>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("billing.plan")}</dt>
          <dd data-testid="billing-plan" className="font-medium" dir="auto">
            {sub.planName}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("billing.price")}</dt>
          <dd data-testid="billing-price" className="font-medium">
            {sub.isFree ? t("pricing.free") : `${money(sub.price)} ${t("pricing.perMonth")}`}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">
            {sub.cancelAtPeriodEnd ? t("billing.endsOn") : t("billing.periodEnd")}
          </dt>
          <dd data-testid="billing-period-end" className="font-medium">
            {sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd, locale) : "—"}
          </dd>
        </div>
      </dl>
      {sub.coveredByOrganization && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("billing.coveredByOrg")}</p>
      )}
      {sub.planRequest && (
        <p
          data-testid="billing-plan-request"
          data-request-status={sub.planRequest.status}
          className={`text-sm ${sub.planRequest.status === "rejected" ? "text-danger" : "text-slate-600 dark:text-slate-400"}`}
        >
          {t(sub.planRequest.status === "rejected" ? "apps.planRequestRejected" : "apps.planRequestPending", {
            plan: sub.planRequest.planName ?? "—",
            current: sub.planName,
          })}
        </p>
      )}
      {sub.status === "suspended" && sub.pastDue.amountMinor > 0 && !sub.coveredByOrganization && (
        <PayPastDue sub={sub} />
      )}
      {canManage && (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <div className="flex flex-wrap gap-2">
            {sub.planOptions.length > 0 && (
              <Button
                type="button"
                data-testid="change-plan"
                aria-expanded={changing}
                onClick={() => setChanging((v) => !v)}
                inline
                variant="secondary"
                size="sm"
              >
                {t("billing.changePlan")}
              </Button>
            )}
            {!sub.cancelAtPeriodEnd && !sub.isFree && <CancelAtPeriodEnd sub={sub} />}
          </div>
          {changing && <ChangePlan sub={sub} />}
        </div>
      )}
    </article>
  );
}
