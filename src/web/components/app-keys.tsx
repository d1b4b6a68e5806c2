import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { forgetAppKeyWithPrefix, type KeyScope, rememberAppKey } from "../lib/app-key-store";
import { useLocale, useSession } from "../lib/root-data";
import type { DashboardActionResult, DashboardKey } from "../routes/developer/dashboard-types";
import { PlusIcon } from "./account-icons";
import { ActionErrorText, Badge, type BadgeTone, CsrfInput, formatDateTime } from "./app-form-bits";
import { AppKeyReveal } from "./app-key-reveal";
import { Button, buttonClass } from "./ui/button";
import { Input } from "./ui/input";
import { Select } from "./ui/select";

const STATUS_TONE: Record<DashboardKey["status"], BadgeTone> = {
  ACTIVE: "success",
  EXPIRING: "warning",
  EXPIRED: "neutral",
  REVOKED: "danger",
};

/** Overlap windows offered on rotation (seconds): the old key keeps working this long. */
const OVERLAPS = [
  { seconds: 0, labelKey: "apps.overlapNone" },
  { seconds: 3_600, labelKey: "apps.overlapHour" },
  { seconds: 86_400, labelKey: "apps.overlapDay" },
  { seconds: 7 * 86_400, labelKey: "apps.overlapWeek" },
] as const;

/** Whose keys this browser keeps (decision 005): this tenant and the signed-in user. */
function useKeyScope(tenantId: string): KeyScope | null {
  const userId = useSession()?.user.id ?? null;
  return useMemo(() => (userId ? { tenantId, userId } : null), [tenantId, userId]);
}

/**
 * Shows the full key from a create/rotate answer until the user dismisses it (it never comes back from the server).
 * The browser keeps it for the app, so try-it and the snippets of the APIs the app subscribes to can use it.
 */
function useRevealed(result: DashboardActionResult | null | undefined, scope: KeyScope | null, appId: string) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const issued = result?.ok && result.secret ? result.secret : null;
  useEffect(() => {
    if (issued && scope) rememberAppKey(scope, appId, issued);
  }, [issued, scope, appId]);
  const secret = issued && issued !== dismissed ? issued : null;
  return { secret, dismiss: () => setDismissed(secret) };
}

function KeyRow(props: { appKey: DashboardKey; appId: string; scope: KeyScope | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const k = props.appKey;
  const rotate = useFetcher<DashboardActionResult>({ key: `rotate-key:${k.id}` });
  const revoke = useFetcher<DashboardActionResult>({ key: `revoke-key:${k.id}` });
  const revealed = useRevealed(rotate.data, props.scope, props.appId);
  const revokedNow = revoke.data?.ok === true;
  const { scope, appId } = props;
  useEffect(() => {
    // A revoked key is useless: try-it should not offer it.
    if (revokedNow && scope) forgetAppKeyWithPrefix(scope, appId, k.prefix);
  }, [revokedNow, scope, appId, k.prefix]);
  const usable = k.status === "ACTIVE";
  return (
    <li data-testid="key-row" data-key-id={k.id} data-status={k.status} className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">{k.name}</span>
        <code
          data-testid="key-prefix"
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800"
        >
          {k.prefix}…
        </code>
        <Badge tone={STATUS_TONE[k.status]} testId="key-status">
          {t(`apps.keyStatus.${k.status}`)}
        </Badge>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {k.status === "EXPIRING" && k.expiresAt !== null
            ? t("apps.keyExpires", { date: formatDateTime(k.expiresAt, locale) })
            : k.status === "REVOKED" && k.revokedAt !== null
              ? t("apps.keyRevokedAt", { date: formatDateTime(k.revokedAt, locale) })
              : t("apps.keyCreatedAt", { date: formatDateTime(k.createdAt, locale) })}
        </span>
        {(usable || k.status === "EXPIRING") && (
          <div className="ms-auto flex flex-wrap items-start gap-2">
            {usable && (
              <details className="group">
                <summary
                  data-testid="rotate-key"
                  className={buttonClass({
                    inline: true,
                    variant: "secondary",
                    size: "sm",
                    className: "cursor-pointer list-none",
                  })}
                >
                  {t("apps.rotate")}
                </summary>
                <rotate.Form
                  method="post"
                  data-testid="rotate-key-form"
                  className="mt-2 flex flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
                >
                  <CsrfInput />
                  <input type="hidden" name="intent" value="rotate-key" />
                  <input type="hidden" name="keyId" value={k.id} />
                  <label htmlFor={`overlap-${k.id}`} className="font-semibold">
                    {t("apps.overlapLabel")}
                  </label>
                  <Select id={`overlap-${k.id}`} name="overlapSeconds" defaultValue="86400" look="compact">
                    {OVERLAPS.map((o) => (
                      <option key={o.seconds} value={o.seconds}>
                        {t(o.labelKey)}
                      </option>
                    ))}
                  </Select>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{t("apps.overlapHint")}</p>
                  <Button
                    type="submit"
                    data-testid="rotate-key-confirm"
                    disabled={rotate.state !== "idle"}
                    inline
                    className="shadow-sm disabled:cursor-not-allowed"
                  >
                    {t("apps.rotateConfirm")}
                  </Button>
                  <ActionErrorText result={rotate.data} />
                </rotate.Form>
              </details>
            )}
            <details>
              <summary
                data-testid="revoke-key"
                className={buttonClass({
                  inline: true,
                  variant: "dangerOutline",
                  size: "sm",
                  className: "cursor-pointer list-none",
                })}
              >
                {t("apps.revoke")}
              </summary>
              <revoke.Form
                method="post"
                data-testid="revoke-key-form"
                className="mt-2 flex max-w-xs flex-col gap-2 rounded-lg border border-danger/30 p-3 text-sm"
              >
                <CsrfInput />
                <input type="hidden" name="intent" value="revoke-key" />
                <input type="hidden" name="keyId" value={k.id} />
                <p>{t("apps.revokeWarning", { prefix: k.prefix })}</p>
                <Button
                  type="submit"
                  data-testid="revoke-key-confirm"
                  disabled={revoke.state !== "idle"}
                  inline
                  variant="danger"
                  size="sm"
                >
                  {t("apps.revokeConfirm")}
                </Button>
                <ActionErrorText result={revoke.data} />
              </revoke.Form>
            </details>
          </div>
        )}
      </div>
      {revealed.secret && <AppKeyReveal secret={revealed.secret} rotated onDismiss={revealed.dismiss} />}
    </li>
  );
}

/** An app's keys: create (full key shown once), rotate with an overlap window, revoke after confirmation. */
export function AppKeys(props: {
  appId: string;
  tenantId: string;
  keys: DashboardKey[];
  noScriptResult: DashboardActionResult | null;
}) {
  const { t } = useTranslation();
  const scope = useKeyScope(props.tenantId);
  const create = useFetcher<DashboardActionResult>({ key: `create-key:${props.appId}` });
  // Without JavaScript the form posts the whole page: its answer arrives as the route's action data.
  const revealed = useRevealed(create.data ?? props.noScriptResult, scope, props.appId);
  const noScriptRotated = props.noScriptResult?.ok && props.noScriptResult.rotated;
  return (
    <section aria-label={t("apps.keysTitle")} data-testid="app-keys" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t("apps.keysTitle")}</h3>
        <create.Form method="post" data-testid="create-key-form" className="flex flex-wrap items-center gap-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="create-key" />
          <input type="hidden" name="appId" value={props.appId} />
          <label className="sr-only" htmlFor={`key-name-${props.appId}`}>
            {t("apps.keyName")}
          </label>
          <Input
            id={`key-name-${props.appId}`}
            name="name"
            maxLength={60}
            placeholder={t("apps.keyNamePlaceholder")}
            look="compact"
            fullWidth={false}
            className="w-44"
          />
          <Button
            type="submit"
            data-testid="create-key"
            disabled={create.state !== "idle"}
            inline
            className="shadow-sm disabled:cursor-not-allowed"
          >
            <PlusIcon className="size-4" />
            {t("apps.createKey")}
          </Button>
        </create.Form>
      </div>
      <ActionErrorText result={create.data} />
      {revealed.secret && (
        <AppKeyReveal secret={revealed.secret} rotated={Boolean(noScriptRotated)} onDismiss={revealed.dismiss} />
      )}
      {props.keys.length === 0 ? (
        <p data-testid="no-keys" className="text-sm text-slate-500 dark:text-slate-400">
          {t("apps.noKeys")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {props.keys.map((k) => (
            <KeyRow key={k.id} appKey={k} appId={props.appId} scope={scope} />
          ))}
        </ul>
      )}
    </section>
  );
}
