import { useFetcher } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import type { DashboardActionResult, DashboardApp } from "../routes/developer/dashboard-types";
import { ActionErrorText, CsrfInput } from "./app-form-bits";
import { Button, buttonClass } from "./ui/button";
import { Input, Textarea } from "./ui/input";

/** An app's name and description (edit), and deleting it with its keys and subscriptions (after confirming). */
export function AppSettings(props: { app: Pick<DashboardApp, "id" | "name" | "description"> }) {
  const { t } = useTranslation();
  const { app } = props;
  const rename = useFetcher<DashboardActionResult>({ key: `rename-app:${app.id}` });
  const remove = useFetcher<DashboardActionResult>({ key: `delete-app:${app.id}` });
  return (
    <div className="ms-auto flex flex-wrap items-start gap-2">
      <details>
        <summary
          data-testid="edit-app"
          className={buttonClass({
            inline: true,
            variant: "secondary",
            size: "sm",
            className: "cursor-pointer list-none",
          })}
        >
          {t("apps.editApp")}
        </summary>
        <rename.Form
          method="post"
          data-testid="edit-app-form"
          className="mt-2 flex w-72 flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="rename-app" />
          <input type="hidden" name="appId" value={app.id} />
          <label htmlFor={`app-name-${app.id}`} className="font-semibold">
            {t("apps.appName")}
          </label>
          <Input
            id={`app-name-${app.id}`}
            name="name"
            required
            maxLength={60}
            defaultValue={app.name}
            data-testid="edit-app-name"
            look="compact"
          />
          <label htmlFor={`app-description-${app.id}`} className="font-semibold">
            {t("apps.appDescription")}
          </label>
          <Textarea
            id={`app-description-${app.id}`}
            name="description"
            maxLength={500}
            rows={2}
            defaultValue={app.description ?? ""}
            data-testid="edit-app-description"
            look="compact"
          />
          <ActionErrorText result={rename.data} />
          <div className="flex items-center gap-2">
            <Button
              type="submit"
              data-testid="edit-app-save"
              disabled={rename.state !== "idle"}
              inline
              className="shadow-sm disabled:cursor-not-allowed"
            >
              {t("apps.saveApp")}
            </Button>
            {rename.data?.ok && rename.state === "idle" && (
              <span role="status" className="text-success">
                {t("apps.appSaved")}
              </span>
            )}
          </div>
        </rename.Form>
      </details>
      <details>
        <summary
          data-testid="delete-app"
          className={buttonClass({
            inline: true,
            variant: "dangerOutline",
            size: "sm",
            className: "cursor-pointer list-none",
          })}
        >
          {t("apps.deleteApp")}
        </summary>
        <remove.Form
          method="post"
          data-testid="delete-app-form"
          className="mt-2 flex max-w-xs flex-col gap-2 rounded-lg border border-danger/30 p-3 text-sm"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="delete-app" />
          <input type="hidden" name="appId" value={app.id} />
          <p>{t("apps.deleteAppWarning", { name: app.name })}</p>
          <Button
            type="submit"
            data-testid="delete-app-confirm"
            disabled={remove.state !== "idle"}
            inline
            variant="danger"
            size="sm"
          >
            {t("apps.deleteAppConfirm")}
          </Button>
          <ActionErrorText result={remove.data} />
        </remove.Form>
      </details>
    </div>
  );
}
