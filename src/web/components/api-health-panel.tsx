import type { Locale } from "../../common/locales";
import type { ApiHealth, HealthProbeView, Uptime } from "../../core/health/health.service";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";

/*
 * The About tab's health panel (decision 101): the latest probe, uptime over 24 hours, 7 and 30 days, and the recent
 * probes as a strip of bars (oldest to newest, each with its time and result as text for screen readers and hover).
 * An API that is not probed says why; nothing is shown that a probe did not record.
 */

type T = ReturnType<typeof useTranslation>["t"];

/** UTC so the server and the browser print the same time. */
function probeTime(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    // dateStyle/timeStyle cannot be combined with timeZoneName: the parts are named one by one.
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(epochMs));
}

function reasonText(t: T, probe: HealthProbeView): string {
  switch (probe.reason) {
    case "http":
      return t("api.health.reason.http", { status: probe.statusCode ?? 500 });
    case "timeout":
      return t("api.health.reason.timeout");
    case "dns":
      return t("api.health.reason.dns");
    case "refused":
      return t("api.health.reason.refused");
    case "reset":
      return t("api.health.reason.reset");
    case "tls":
      return t("api.health.reason.tls");
    case "private-address":
      return t("api.health.reason.privateAddress");
    default:
      return t("api.health.reason.failed");
  }
}

function probeText(t: T, probe: HealthProbeView, locale: Locale): string {
  const time = probeTime(probe.probedAt, locale);
  return probe.up
    ? t("api.health.probeUp", { time, latency: formatNumber(probe.latencyMs ?? 0, locale) })
    : t("api.health.probeDown", { time, reason: reasonText(t, probe) });
}

function notProbedText(t: T, reason: NonNullable<ApiHealth["notProbed"]>): string {
  switch (reason) {
    case "no-upstream":
      return t("api.health.notProbed.noUpstream");
    case "address-not-allowed":
      return t("api.health.notProbed.addressNotAllowed");
    case "invalid-url":
      return t("api.health.notProbed.invalidUrl");
    default:
      return t("api.health.notProbed.notYet");
  }
}

function UptimeCell(props: { label: string; uptime: Uptime; locale: Locale; na: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-2 text-center dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{props.label}</dt>
      <dd className="mt-0.5 text-sm font-semibold tabular-nums">
        {props.uptime.percent === null
          ? props.na
          : t("api.metrics.percentValue", { value: formatNumber(props.uptime.percent, props.locale, 1) })}
      </dd>
    </div>
  );
}

export function ApiHealthPanel(props: { health: ApiHealth; locale: Locale; timeoutSeconds: number }) {
  const { t } = useTranslation();
  const { health, locale } = props;
  const na = t("api.metrics.notAvailable");
  const latest = health.latest;
  // Oldest first, so the strip reads like a timeline (it mirrors on right-to-left pages).
  const strip = [...health.history].reverse();
  return (
    <section
      data-testid="api-health"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="mb-3 text-sm font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
        {t("api.health.heading")}
      </h2>
      {health.notProbed !== null || !latest ? (
        <p data-testid="api-health-not-probed" className="text-sm text-slate-600 dark:text-slate-300">
          {notProbedText(t, health.notProbed ?? "not-yet")}
        </p>
      ) : (
        <>
          <p data-testid="api-health-status" className="flex flex-wrap items-center gap-2 text-sm">
            <span
              className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                latest.up
                  ? "bg-emerald-500/15 text-emerald-800 dark:text-emerald-300"
                  : "bg-rose-500/15 text-rose-800 dark:text-rose-300"
              }`}
            >
              <span
                aria-hidden="true"
                className={`size-2 rounded-full ${latest.up ? "bg-emerald-500" : "bg-rose-500"}`}
              />
              {latest.up ? t("api.health.up") : t("api.health.down")}
            </span>
            <span className="text-slate-600 dark:text-slate-300">{probeText(t, latest, locale)}</span>
          </p>
          <dl className="mt-3 grid grid-cols-3 gap-2" aria-label={t("api.health.uptime")}>
            <UptimeCell label={t("api.health.uptime24h")} uptime={health.uptime24h} locale={locale} na={na} />
            <UptimeCell label={t("api.health.uptime7d")} uptime={health.uptime7d} locale={locale} na={na} />
            <UptimeCell label={t("api.health.uptime30d")} uptime={health.uptime30d} locale={locale} na={na} />
          </dl>
          <h3 className="mt-4 text-xs font-medium text-slate-500 dark:text-slate-400">{t("api.health.history")}</h3>
          <ol data-testid="api-health-history" className="mt-1.5 flex h-6 items-end gap-0.5">
            {strip.map((probe) => {
              const text = probeText(t, probe, locale);
              return (
                <li
                  key={probe.probedAt}
                  title={text}
                  className={`h-full min-w-1 max-w-2.5 flex-1 rounded-sm ${probe.up ? "bg-emerald-500" : "bg-rose-500"}`}
                >
                  <span className="sr-only">{text}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {(health.notProbed === null || health.notProbed === "not-yet") && (
        // How probes work, only where they run: an API that is never probed gets no promise of one.
        <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
          {health.via === "gateway"
            ? t("api.health.viaGateway")
            : t("api.health.note", { seconds: props.timeoutSeconds })}
        </p>
      )}
    </section>
  );
}
