import type { ApiCard } from "../../core/catalog/catalog.types";
import { useTranslation } from "../i18n/use-translation";
import { ApiCardGrid } from "./api-card";
import { LockIcon } from "./icons";
import { EmptyState } from "./ui/empty-state";

/** Spec section 2 "private collections preview": the private APIs shared with the viewer, or the empty state. */
export function PrivateApisPreview(props: { apis: ApiCard[]; total: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="private-apis-title" data-testid="private-apis-preview" className="flex flex-col gap-4">
      <div>
        <h2 id="private-apis-title" className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <LockIcon className="size-5" />
          {t("privateApis.title")}
          {props.total > 0 && (
            <span className="rounded-full bg-slate-100 px-2 text-sm font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              {props.total}
            </span>
          )}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("privateApis.intro")}</p>
      </div>
      {props.apis.length === 0 ? (
        <EmptyState data-testid="no-private-apis">{t("privateApis.empty")}</EmptyState>
      ) : (
        <ApiCardGrid apis={props.apis} />
      )}
    </section>
  );
}
