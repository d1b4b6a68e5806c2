import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import {
  createAppInContext,
  fetchSubscriptionQuote,
  PaymentAttemptKeys,
  type SubscribedView,
  type SubscriptionQuoteView,
  subscribeWithCard,
} from "../../lib/billing-client";
import { RequestError } from "../../lib/graphql-client";
import { useLocale, useRootData, useSession } from "../../lib/root-data";
import { readStoredContext } from "../../lib/selected-context";
import { translateServerMessage } from "../../lib/server-messages";
import { NEW_APP, type PricingApp, type PricingContext } from "../../routes/api/api-pricing-types";
import { CloseIcon } from "../icons";
import { LocalLink } from "../localized-link";
import { formatMicros, type PlanView } from "../plan-view";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { EMPTY_CARD } from "./card-fields";
import { type CardFormValues, type CardHints, checkCardForm, toCardInput } from "./card-hints";
import { SubscribePayStep } from "./subscribe-pay-step";
import { SubscribeWhoStep } from "./subscribe-who-step";
import { useMoneyFormat } from "./use-money-format";

type Step = "who" | "pay" | "done";

/** The contexts offered: the personal one only with the personal-context permission (spec section 4). */
function offered(contexts: PricingContext[], personalContext: boolean): PricingContext[] {
  const list = contexts.filter((c) => c.type !== "User" || personalContext);
  return list.length > 0 ? list : contexts;
}

/** The switcher's stored choice when it is one of the offered contexts, else the first (personal) one. */
function initialContext(contexts: PricingContext[]): PricingContext | undefined {
  const stored = readStoredContext();
  const match = contexts.find((c) => c.id === stored?.id || c.id === stored?.entityId);
  return match ?? contexts[0];
}

function firstAppFor(apps: PricingApp[], contextId: string, planId: string): string {
  const own = apps.filter((a) => a.contextId === contextId);
  return (own.find((a) => a.subscription?.planId !== planId) ?? own[0])?.id ?? NEW_APP;
}

/**
 * The subscription modal of a paid plan (spec section 2, decision 044). Mounted when opened, so each opening starts fresh
 * with its own idempotency key: double clicks and resends of one payment reuse it and the server charges once; it is
 * renewed only after a definitive refusal (a decline charged nothing, and the next attempt has other card details).
 * A native modal <dialog>: focus stays inside, Escape closes (not while a payment is in flight), labelled by its title.
 */
export function SubscribeModal(props: {
  plan: PlanView;
  apiName: string;
  contexts: PricingContext[];
  apps: PricingApp[];
  supportEmail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const locale = useLocale();
  const root = useRootData();
  const session = useSession();
  const revalidator = useRevalidator();
  const { plan } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [keys] = useState(() => new PaymentAttemptKeys());
  const inFlight = useRef(false);
  const contexts = offered(props.contexts, session?.menu.personalContext ?? true);
  const [apps, setApps] = useState(props.apps);
  // Spec section 4: the context chosen in the top bar's switcher is where the modal starts.
  const [contextId, setContextId] = useState(() => initialContext(contexts)?.id ?? "");
  const [appChoice, setAppChoice] = useState(() => firstAppFor(props.apps, contextId, plan.id));
  const [newAppName, setNewAppName] = useState("");
  const [newAppError, setNewAppError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>("who");
  const [quote, setQuote] = useState<SubscriptionQuoteView | null>(null);
  const [card, setCard] = useState<CardFormValues>(EMPTY_CARD);
  const [hints, setHints] = useState<CardHints>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SubscribedView | null>(null);

  // A new step announces itself: focus moves to its heading (screen readers read it, Tab continues from there).
  useEffect(() => {
    if (step !== "who") heading.current?.focus();
  }, [step]);

  const context = contexts.find((c) => c.id === contextId) ?? contexts[0];
  const app = apps.find((a) => a.id === appChoice);
  const organizationName =
    context?.type === "Team" ? context.parentName : context?.type === "Organization" ? context.name : null;
  const needsCard = quote !== null && !quote.invoiceBilling && !quote.teamAddedFree;
  const overagePrice = plan.hardLimit ? null : formatMicros(plan.overagePriceMicros, plan.currency, locale);

  const fail = (caught: unknown) => {
    if (!(caught instanceof RequestError)) throw caught;
    setError(translateServerMessage(t, caught.message));
    keys.refused(caught.code);
  };

  const chooseContext = (id: string) => {
    setContextId(id);
    setAppChoice(firstAppFor(apps, id, plan.id));
    setError(null);
  };

  const toPayment = async () => {
    setError(null);
    setNewAppError(null);
    let appId = appChoice;
    if (appId === NEW_APP && !newAppName.trim()) {
      setNewAppError(translateServerMessage(t, "The app needs a name"));
      return;
    }
    setBusy(true);
    try {
      if (appId === NEW_APP && context) {
        // Created once: going back and on again reuses it (it is in the app list from now on).
        const created = await createAppInContext({
          name: newAppName.trim(),
          organizationId: context.organizationId,
          teamId: context.teamId,
        });
        appId = created.id;
        setApps((list) => [
          ...list,
          { id: created.id, name: created.name, contextId: context.id, contextName: null, subscription: null },
        ]);
        setAppChoice(created.id);
      }
      setQuote(await fetchSubscriptionQuote(plan.id, appId));
      setStep("pay");
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    if (!quote || !app || inFlight.current) return;
    setError(null);
    if (needsCard) {
      const found = checkCardForm(card, Date.now());
      setHints(found);
      const first = Object.keys(found)[0];
      if (first) {
        dialog.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
        return;
      }
    }
    inFlight.current = true;
    setBusy(true);
    const request = { planId: plan.id, appId: app.id, card: needsCard ? toCardInput(card) : null };
    try {
      const subscribed = await subscribeWithCard({ ...request, idempotencyKey: keys.keyFor(request) });
      setResult(subscribed);
      setCard(EMPTY_CARD);
      setStep("done");
      revalidator.revalidate();
    } catch (caught) {
      fail(caught);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const titleId = `subscribe-title-${plan.id}`;
  const titles: Record<Step, string> = {
    who: t("billing.modalTitle", { plan: plan.name }),
    pay: t("billing.payTitle"),
    done:
      result?.planRequest?.status === "PENDING"
        ? t("billing.changeRequestedTitle")
        : result?.status === "PENDING_APPROVAL"
          ? t("billing.requestedTitle")
          : t("billing.confirmedTitle"),
  };
  return (
    <Dialog
      ref={dialog}
      open
      data-testid="subscribe-modal"
      data-step={step}
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={props.onClose}
      // Escape while a payment is on its way would hide its outcome: the dialog stays until the answer arrives.
      dismissible={!busy}
      className="m-auto max-h-[92vh] w-[min(520px,94vw)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <form
        method="dialog"
        // The card hints below speak for each field; the browser's own bubbles would hide them.
        noValidate
        className="flex flex-col gap-5 p-6"
        onSubmit={(event) => {
          if (step === "done") return;
          event.preventDefault();
          if (step === "who") void toPayment();
          else void pay();
        }}
      >
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <p className="text-xs font-semibold tracking-wide text-accent uppercase" dir="auto">
              {props.apiName}
            </p>
            <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none" dir="auto">
              {titles[step]}
            </h2>
          </div>
          <button
            type="button"
            data-testid="subscribe-modal-close"
            disabled={busy}
            onClick={() => dialog.current?.close()}
            aria-label={t("follow.close")}
            className="-m-1 rounded-lg p-1.5 hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
        {step === "who" && context && (
          <SubscribeWhoStep
            planId={plan.id}
            contexts={contexts}
            apps={apps}
            contextId={context.id}
            onContext={chooseContext}
            appChoice={appChoice}
            onAppChoice={(id) => {
              setAppChoice(id);
              setError(null);
            }}
            newAppName={newAppName}
            onNewAppName={setNewAppName}
            newAppError={newAppError}
            disabled={busy}
          />
        )}
        {step === "pay" && quote && (
          <SubscribePayStep
            planName={plan.name}
            quote={quote}
            organizationName={organizationName}
            overagePrice={overagePrice}
            hasQuota={plan.quota !== null}
            needsCard={needsCard}
            card={card}
            onCard={(next) => {
              setCard(next);
              if (error) setError(null);
            }}
            hints={hints}
            supportEmail={props.supportEmail}
            brand={root?.brand ?? ""}
            disabled={busy}
          />
        )}
        {step === "done" && result && app && (
          <div
            role="status"
            data-testid="subscribe-confirmation"
            data-status={result.status}
            className="flex flex-col gap-3"
          >
            <p className="text-sm">
              {result.planRequest?.status === "PENDING"
                ? t("billing.changeRequested", {
                    app: app.name,
                    plan: plan.name,
                    current: quote?.currentPlanName ?? "",
                  })
                : result.status === "PENDING_APPROVAL"
                  ? t("pricing.subscribePending", { app: app.name, plan: plan.name })
                  : t("billing.confirmed", { app: app.name, plan: plan.name, api: props.apiName })}
            </p>
            {quote && (quote.invoiceBilling || quote.totalDueToday.amountMinor > 0) && (
              <p data-testid="confirmation-charge" className="text-sm text-slate-600 dark:text-slate-300">
                {quote.invoiceBilling
                  ? t("billing.confirmedInvoice", { amount: money(quote.monthlyPrice) })
                  : t("billing.confirmedCharged", { amount: money(quote.totalDueToday) })}
              </p>
            )}
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <LocalLink to="/developer/dashboard" rel="nofollow" className="font-semibold text-accent hover:underline">
                {t("pricing.goToMyApps")}
              </LocalLink>
              <LocalLink to="/developer/billing" rel="nofollow" className="font-semibold text-accent hover:underline">
                {t("billing.goToBilling")}
              </LocalLink>
            </p>
          </div>
        )}
        {error && (
          <p
            role="alert"
            data-testid="subscribe-modal-error"
            className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger"
          >
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {step === "pay" && (
            <Button
              type="button"
              data-testid="subscribe-back"
              disabled={busy}
              onClick={() => {
                setStep("who");
                setError(null);
              }}
              inline
              variant="secondary"
              size="sm"
            >
              {t("billing.back")}
            </Button>
          )}
          {step === "who" && (
            <Button
              type="submit"
              data-testid="subscribe-continue"
              disabled={busy}
              inline
              className="shadow-sm disabled:cursor-not-allowed"
            >
              {busy ? t("common.loading") : t("billing.continue")}
            </Button>
          )}
          {step === "pay" && quote && (
            <Button
              type="submit"
              data-testid="subscribe-pay"
              disabled={busy}
              aria-busy={busy}
              inline
              className="shadow-sm disabled:cursor-not-allowed"
            >
              {busy
                ? t("billing.processing")
                : needsCard && quote.totalDueToday.amountMinor > 0
                  ? t("billing.payAndSubscribe", { amount: money(quote.totalDueToday) })
                  : quote.changeNeedsApproval
                    ? t("billing.requestChange", { plan: plan.name })
                    : t("pricing.subscribeConfirm")}
            </Button>
          )}
          {step === "done" && (
            <Button type="submit" data-testid="subscribe-done" inline className="shadow-sm disabled:cursor-not-allowed">
              {t("billing.close")}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
