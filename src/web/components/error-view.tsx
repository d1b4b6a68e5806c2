import { useTranslation } from "../i18n/use-translation";
import { ButtonLink } from "./ui/button";

/** The error screen body: status, message (data-testid error-message) and the way back. */
export function ErrorView(props: {
  status?: number;
  message: string;
  detail?: string | null;
  backTo?: "hub" | "home";
}) {
  const { t } = useTranslation();
  const toHome = props.backTo === "home";
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {props.status !== undefined && (
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">
          {t("error.statusCode", { status: props.status })}
        </p>
      )}
      <h1 data-testid="error-message" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
        {props.message}
      </h1>
      {props.detail && (
        <p data-testid="error-detail" className="mt-4 text-slate-600 dark:text-slate-400">
          {props.detail}
        </p>
      )}
      <ButtonLink to={toHome ? "/" : "/hub"} size="lg" className="mt-8 inline-flex items-center shadow-sm">
        {toHome ? t("error.goHome") : t("error.backToHub")}
      </ButtonLink>
    </div>
  );
}
