import { useTranslation } from "../../i18n/use-translation";

/** Spec section 3: a discussion is a question, a comment on it an answer. */
export function KindBadge(props: { kind: "question" | "answer" }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex w-fit shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        props.kind === "question"
          ? "bg-accent/15 text-sky-800 dark:text-sky-300"
          : "bg-success/15 text-emerald-800 dark:text-emerald-300"
      }`}
    >
      {props.kind === "question" ? t("content.discussions.question") : t("content.discussions.answer")}
    </span>
  );
}
