import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import type { DashboardActionResult } from "../routes/developer/dashboard-types";
import { PlusIcon } from "./account-icons";
import { ActionErrorText, CsrfInput } from "./app-form-bits";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

/** "Create app": a name is all it takes; the app belongs to the page's context. */
export function AppCreateForm(props: { contextId: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<DashboardActionResult>({ key: "create-app" });
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <section
      aria-labelledby="create-app-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="create-app-title" className="text-lg font-semibold">
        {t("apps.createTitle")}
      </h2>
      <fetcher.Form ref={form} method="post" data-testid="create-app-form" className="mt-3 flex flex-col gap-2">
        <CsrfInput />
        <input type="hidden" name="intent" value="create-app" />
        <input type="hidden" name="contextId" value={props.contextId} />
        <label htmlFor="new-app-name" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t("apps.appName")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="new-app-name"
            name="name"
            required
            maxLength={60}
            autoComplete="off"
            data-testid="new-app-name"
            placeholder={t("apps.appNamePlaceholder")}
            look="compact"
            className="sm:max-w-sm"
          />
          <Button
            type="submit"
            disabled={busy}
            data-testid="create-app-submit"
            inline
            className="shadow-sm disabled:cursor-not-allowed"
          >
            <PlusIcon className="size-4" />
            {t("apps.createButton")}
          </Button>
        </div>
        <ActionErrorText result={fetcher.data} testId="create-app-error" />
      </fetcher.Form>
    </section>
  );
}
