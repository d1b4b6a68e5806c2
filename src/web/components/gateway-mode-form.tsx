import { useFetcher } from "react-router";
import type { GatewayMode } from "../../db/tables/gateway.tables";
import { useTranslation } from "../i18n/use-translation";
import type { PlansManageResult } from "../routes/api/plans-manage-types";
import { ActionErrorText, CsrfInput } from "./app-form-bits";
import { Button } from "./ui/button";

const MODES: readonly GatewayMode[] = ["proxy", "mock"];

/** Provider: proxy calls to the upstream, or answer from the spec (mock mode) while the upstream is unreachable. */
export function GatewayModeForm(props: { mode: GatewayMode }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<PlansManageResult>({ key: "gateway-mode" });
  const result = fetcher.data?.intent === "gateway-mode" ? fetcher.data : null;
  return (
    <section
      data-testid="gateway-mode"
      data-mode={props.mode}
      className="rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h3 className="text-lg font-bold">{t("plans.gatewayMode.title")}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("plans.gatewayMode.intro")}</p>
      <fetcher.Form method="post" className="mt-4 flex flex-col gap-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="gateway-mode" />
        {MODES.map((mode) => (
          <label key={mode} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              value={mode}
              defaultChecked={props.mode === mode}
              data-testid={`gateway-mode-${mode}`}
              className="mt-0.5 size-4 accent-[var(--color-accent)]"
            />
            <span>
              <span className="font-medium">{t(`plans.gatewayMode.${mode}`)}</span>
              <span className="block text-slate-500 dark:text-slate-400">{t(`plans.gatewayMode.${mode}Hint`)}</span>
            </span>
          </label>
        ))}
        <ActionErrorText result={result} testId="gateway-mode-error" />
        <div className="flex items-center gap-3">
          <Button
            type="submit"
            data-testid="gateway-mode-save"
            disabled={fetcher.state !== "idle"}
            inline
            className="shadow-sm disabled:cursor-not-allowed"
          >
            {t("plans.gatewayMode.save")}
          </Button>
          {result?.ok && (
            <span role="status" data-testid="gateway-mode-saved" className="text-sm text-success">
              {t("plans.gatewayMode.saved")}
            </span>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
