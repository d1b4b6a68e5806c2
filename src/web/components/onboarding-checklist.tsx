import { type ReactNode, useState } from "react";
import type { OnboardingChecklist as ChecklistData } from "../../core/apps/onboarding.service";
import { useTranslation } from "../i18n/use-translation";
import { copyText } from "../lib/copy-text";
import type { DashboardData } from "../routes/developer/dashboard-types";
import { CheckIcon } from "./account-icons";
import { LocalLink } from "./localized-link";

/** The first request to send, with the headers this marketplace needs (the tenant header only where required). */
export function firstRequestLines(gateway: DashboardData["gateway"], demo: NonNullable<ChecklistData["demo"]>): string {
  const lines = [
    `curl "${gateway.baseUrl}${demo.gatewayPath}${demo.path}" \\`,
    `  -H "${gateway.keyHeader}: <your key>"${gateway.tenantHeaderNeeded ? " \\" : ""}`,
    ...(gateway.tenantHeaderNeeded ? [`  -H "${gateway.tenantHeader}: ${gateway.tenantId}"`] : []),
  ];
  return lines.join("\n");
}

function Step(props: { done: boolean; testId: string; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li data-testid={props.testId} data-done={props.done} className="flex gap-3">
      <span
        aria-hidden="true"
        className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full border-2 ${
          props.done ? "border-emerald-700 bg-emerald-700 text-white" : "border-slate-300 dark:border-slate-600"
        }`}
      >
        {props.done && <CheckIcon className="size-3.5" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {props.title}
          <span className="sr-only"> ({props.done ? t("onboarding.done") : t("onboarding.toDo")})</span>
        </p>
        <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{props.children}</div>
      </div>
    </li>
  );
}

/**
 * My Apps' way to a first call (issue 18): find an API, subscribe, call, see the call in analytics. Each step is
 * checked from the data (a subscription, a logged call, a rollup), never from a click on the checklist itself.
 */
export function OnboardingChecklist(props: { checklist: ChecklistData; gateway: DashboardData["gateway"] }) {
  const { t } = useTranslation();
  const { checklist, gateway } = props;
  const { demo } = checklist;
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const request = demo ? firstRequestLines(gateway, demo) : null;
  const doneCount = [checklist.foundApi, checklist.subscribed, checklist.firstCall, checklist.inAnalytics].filter(
    Boolean,
  ).length;
  const link = "font-semibold text-accent hover:underline";
  return (
    <section
      data-testid="onboarding-checklist"
      aria-labelledby="onboarding-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="onboarding-title" className="text-lg font-semibold">
          {t("onboarding.title")}
        </h2>
        <p data-testid="onboarding-progress" className="text-sm text-slate-600 dark:text-slate-400">
          {t("onboarding.progress", { done: doneCount, total: 4 })}
        </p>
      </div>
      <ol className="mt-4 flex flex-col gap-4">
        <Step done={checklist.foundApi} testId="onboarding-find" title={t("onboarding.findTitle")}>
          {demo ? (
            <>
              {t("onboarding.findDemo")}{" "}
              <LocalLink to={demo.apiPath} className={link} data-testid="onboarding-demo-link">
                {demo.apiName}
              </LocalLink>
            </>
          ) : (
            <LocalLink to="/hub" className={link}>
              {t("onboarding.findHub")}
            </LocalLink>
          )}
        </Step>
        <Step done={checklist.subscribed} testId="onboarding-subscribe" title={t("onboarding.subscribeTitle")}>
          {checklist.firstAppId ? t("onboarding.subscribeText") : t("onboarding.subscribeTextNoApp")}{" "}
          {demo && (
            <LocalLink to={`${demo.apiPath}/pricing`} className={link}>
              {t("onboarding.subscribeLink", { name: demo.apiName })}
            </LocalLink>
          )}
        </Step>
        <Step done={checklist.firstCall} testId="onboarding-call" title={t("onboarding.callTitle")}>
          <p>{demo?.mock ? t("onboarding.callTextMock") : t("onboarding.callText")}</p>
          {request && (
            <div className="mt-2">
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                dir="ltr"
                data-testid="onboarding-request"
                className="overflow-x-auto rounded-lg bg-slate-950 p-3 text-xs leading-relaxed text-slate-100"
              >
                <code>{request}</code>
              </pre>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  data-testid="onboarding-copy"
                  onClick={async () => setCopied((await copyText(request)) ? "copied" : "failed")}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:border-accent hover:text-accent dark:border-slate-700"
                >
                  {copied === "copied" ? t("snippets.copied") : t("onboarding.copyRequest")}
                </button>
                <span role="status" className="text-xs text-slate-500 dark:text-slate-400">
                  {copied === "failed" ? t("snippets.copyFailed") : t("onboarding.keyHint")}
                </span>
              </div>
            </div>
          )}
        </Step>
        <Step done={checklist.inAnalytics} testId="onboarding-analytics" title={t("onboarding.analyticsTitle")}>
          {t("onboarding.analyticsText")}{" "}
          {checklist.firstAppId && (
            <LocalLink to={`/developer/apps/${checklist.firstAppId}/analytics`} rel="nofollow" className={link}>
              {t("onboarding.analyticsLink")}
            </LocalLink>
          )}
        </Step>
      </ol>
    </section>
  );
}
