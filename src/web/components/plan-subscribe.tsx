import { useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { withReferral } from "../lib/nav";
import { useLocalize } from "../lib/root-data";
import { translateServerMessage } from "../lib/server-messages";
import {
  NEW_APP,
  type PricingActionResult,
  type PricingApp,
  type PricingContext,
} from "../routes/api/api-pricing-types";
import { CsrfInput } from "./app-form-bits";
import { SubscribeModal } from "./billing/subscribe-modal";
import { LocalLink } from "./localized-link";
import type { PlanView } from "./plan-view";
import { Button, ButtonAnchor, buttonClass } from "./ui/button";
import { Input } from "./ui/input";
import { Select } from "./ui/select";

const SUMMARY = buttonClass({
  inline: true,
  className: "shadow-sm disabled:cursor-not-allowed w-full cursor-pointer list-none",
});

/** The result of a subscribe attempt, under the form. */
function SubscribeResult(props: { result: PricingActionResult; planName: string }) {
  const { t } = useTranslation();
  const r = props.result;
  if (!r.ok) {
    return (
      <p role="alert" data-testid="subscribe-error" className="text-sm font-medium text-danger">
        {translateServerMessage(t, r.message)}
      </p>
    );
  }
  return (
    <p role="status" data-testid="subscribe-result" data-status={r.status} className="text-sm">
      {r.status === "pending_approval"
        ? t("pricing.subscribePending", { app: r.appName, plan: props.planName })
        : t("pricing.subscribeDone", { app: r.appName, plan: props.planName })}{" "}
      <LocalLink to="/developer/dashboard" rel="nofollow" className="font-semibold text-accent hover:underline">
        {t("pricing.goToMyApps")}
      </LocalLink>
    </p>
  );
}

/** A paid plan's Subscribe button and the subscription modal it opens (card step, organization choice). */
function PaidPlanSubscribe(props: {
  plan: PlanView;
  apiName: string;
  apps: PricingApp[];
  contexts: PricingContext[];
  supportEmail: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        type="button"
        data-testid="plan-subscribe"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        inline
        className="shadow-sm disabled:cursor-not-allowed w-full"
      >
        {t("pricing.subscribe")}
      </Button>
      <noscript>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("billing.needsScript")}</p>
      </noscript>
      {open && (
        <SubscribeModal
          plan={props.plan}
          apiName={props.apiName}
          apps={props.apps}
          contexts={props.contexts}
          supportEmail={props.supportEmail}
          onClose={() => {
            setOpen(false);
            trigger.current?.focus();
          }}
        />
      )}
    </>
  );
}

/**
 * Subscribe: signed out, a way to log in; deprecated, no new subscribers; paid, the subscription modal; free, a
 * choice of app (or a new one, created inline) and the subscription, which works without JavaScript too.
 */
export function PlanSubscribe(props: {
  plan: PlanView;
  apiName: string;
  apps: PricingApp[];
  contexts: PricingContext[];
  supportEmail: string;
  signedIn: boolean;
  noScriptResult: PricingActionResult | null;
}) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const location = useLocation();
  const fetcher = useFetcher<PricingActionResult>({ key: `subscribe:${props.plan.id}` });
  const { plan, apps } = props;
  const firstFree = apps.find((a) => a.subscription?.planId !== plan.id) ?? apps[0];
  const [choice, setChoice] = useState(firstFree?.id ?? NEW_APP);
  const result = fetcher.data ?? props.noScriptResult;

  if (!props.signedIn) {
    return (
      <ButtonAnchor
        href={withReferral(localize("/auth"), location.pathname + location.search)}
        data-testid="plan-subscribe-login"
        inline
        className="shadow-sm disabled:cursor-not-allowed"
      >
        {t("pricing.loginToSubscribe")}
      </ButtonAnchor>
    );
  }
  if (plan.deprecated) {
    return (
      <p data-testid="plan-closed" className="text-sm text-slate-500 dark:text-slate-400">
        {t("pricing.deprecatedNoSubscribers")}
      </p>
    );
  }
  if (!plan.isFree) {
    return (
      <PaidPlanSubscribe
        plan={plan}
        apiName={props.apiName}
        apps={apps}
        contexts={props.contexts}
        supportEmail={props.supportEmail}
      />
    );
  }
  const busy = fetcher.state !== "idle";
  return (
    <details open={result !== null && result !== undefined} className="flex flex-col gap-2">
      <summary data-testid="plan-subscribe" className={SUMMARY}>
        {t("pricing.subscribe")}
      </summary>
      <fetcher.Form method="post" data-testid="subscribe-form" className="mt-3 flex flex-col gap-2 text-sm">
        <CsrfInput />
        <input type="hidden" name="planId" value={plan.id} />
        <label htmlFor={`subscribe-app-${plan.id}`} className="font-semibold">
          {t("pricing.chooseApp")}
        </label>
        <Select
          id={`subscribe-app-${plan.id}`}
          name="appId"
          data-testid="subscribe-app"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          look="compact"
        >
          {apps.map((a) => (
            <option key={a.id} value={a.id}>
              {a.contextName ? `${a.name} (${a.contextName})` : a.name}
            </option>
          ))}
          <option value={NEW_APP}>{t("pricing.newApp")}</option>
        </Select>
        <div hidden={choice !== NEW_APP} className="flex flex-col gap-1">
          <label htmlFor={`subscribe-new-${plan.id}`} className="font-semibold">
            {t("apps.appName")}
          </label>
          <Input
            id={`subscribe-new-${plan.id}`}
            name="newAppName"
            maxLength={60}
            data-testid="subscribe-new-app"
            placeholder={t("apps.appNamePlaceholder")}
            look="compact"
          />
          {result && !result.ok && result.fields.newAppName && (
            <p data-testid="error-newAppName" className="text-sm font-medium text-danger">
              {translateServerMessage(t, result.fields.newAppName)}
            </p>
          )}
        </div>
        <Button
          type="submit"
          data-testid="subscribe-submit"
          disabled={busy}
          inline
          className="shadow-sm disabled:cursor-not-allowed"
        >
          {t("pricing.subscribeConfirm")}
        </Button>
        {result && <SubscribeResult result={result} planName={plan.name} />}
      </fetcher.Form>
    </details>
  );
}
