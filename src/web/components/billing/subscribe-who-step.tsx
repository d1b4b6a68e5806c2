import { useTranslation } from "../../i18n/use-translation";
import { NEW_APP, type PricingApp, type PricingContext } from "../../routes/api/api-pricing-types";
import { Input } from "../ui/input";
import { Select } from "../ui/select";

/** How a context reads in the choice: "Personal account", the organization, or "Team (Organization)". */
export function useContextLabel() {
  const { t } = useTranslation();
  return (c: Pick<PricingContext, "type" | "name" | "parentName">) =>
    c.type === "User"
      ? t("nav.personalAccount")
      : c.type === "Team" && c.parentName
        ? t("nav.contextTeam", { team: c.name, organization: c.parentName })
        : c.name;
}

/**
 * Step 1 of the subscription modal, spec section 2 "Organization context choice": subscribe as the personal account
 * or as an organization or one of its teams, then with which of that context's apps (or a new one).
 */
export function SubscribeWhoStep(props: {
  planId: string;
  contexts: PricingContext[];
  apps: PricingApp[];
  contextId: string;
  onContext: (id: string) => void;
  appChoice: string;
  onAppChoice: (id: string) => void;
  newAppName: string;
  onNewAppName: (name: string) => void;
  newAppError: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const label = useContextLabel();
  const apps = props.apps.filter((a) => a.contextId === props.contextId);
  return (
    <div className="flex flex-col gap-4">
      {props.contexts.length > 1 && (
        <fieldset className="flex flex-col gap-2" data-testid="subscribe-contexts">
          <legend className="mb-1 text-sm font-semibold">{t("billing.subscribeAs")}</legend>
          {props.contexts.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-checked:border-accent has-checked:bg-accent/5 dark:border-slate-700"
            >
              <input
                type="radio"
                name="subscribe-context"
                value={c.id}
                data-testid="subscribe-context"
                data-context-type={c.type}
                checked={props.contextId === c.id}
                disabled={props.disabled}
                onChange={() => props.onContext(c.id)}
                className="accent-accent"
              />
              <span dir="auto" className="font-medium">
                {label(c)}
              </span>
            </label>
          ))}
          <p className="text-xs text-slate-500 dark:text-slate-400">{t("billing.orgHint")}</p>
        </fieldset>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`modal-app-${props.planId}`} className="text-sm font-semibold">
          {t("pricing.chooseApp")}
        </label>
        <Select
          id={`modal-app-${props.planId}`}
          data-testid="modal-app"
          value={props.appChoice}
          disabled={props.disabled}
          onChange={(e) => props.onAppChoice(e.target.value)}
          look="compact"
        >
          {apps.map((a) => (
            <option key={a.id} value={a.id}>
              {a.subscription ? `${a.name} (${t(`apps.subscriptionStatus.${a.subscription.status}`)})` : a.name}
            </option>
          ))}
          <option value={NEW_APP}>{t("pricing.newApp")}</option>
        </Select>
      </div>
      {props.appChoice === NEW_APP && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`modal-new-app-${props.planId}`} className="text-sm font-semibold">
            {t("apps.appName")}
          </label>
          <Input
            id={`modal-new-app-${props.planId}`}
            data-testid="modal-new-app"
            maxLength={60}
            value={props.newAppName}
            disabled={props.disabled}
            placeholder={t("apps.appNamePlaceholder")}
            aria-invalid={props.newAppError ? true : undefined}
            aria-describedby={props.newAppError ? `modal-new-app-${props.planId}-error` : undefined}
            onChange={(e) => props.onNewAppName(e.target.value)}
            look="compact"
            dir="auto"
          />
          {props.newAppError && (
            <p
              id={`modal-new-app-${props.planId}-error`}
              data-testid="modal-new-app-error"
              className="text-xs font-medium text-danger"
            >
              {props.newAppError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
