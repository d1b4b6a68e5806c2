import { useTranslation } from "../../i18n/use-translation";

/** Spec section 2: tutorials show a published or draft label. */
export function StatusLabel(props: { draft: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="tutorial-status"
      className={`inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        props.draft
          ? "bg-amber-500/15 text-amber-800 dark:text-amber-300"
          : "bg-success/15 text-emerald-800 dark:text-emerald-300"
      }`}
    >
      {props.draft ? t("content.draft") : t("content.published")}
    </span>
  );
}
