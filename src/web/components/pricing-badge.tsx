import type { PricingType } from "../../db/schema";
import { useTranslation } from "../i18n/use-translation";

const STYLES: Record<PricingType, string> = {
  FREE: "bg-success/12 text-emerald-700 ring-success/30 dark:text-emerald-300",
  FREEMIUM: "bg-accent/12 text-sky-700 ring-accent/30 dark:text-sky-300",
  PAID: "bg-amber-500/12 text-amber-700 ring-amber-500/30 dark:text-amber-300",
};

export function PricingBadge(props: { pricing: PricingType }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="pricing-badge"
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase ring-1 ring-inset ${STYLES[props.pricing] ?? STYLES.FREE}`}
    >
      {t(`api.pricing.${props.pricing}`)}
    </span>
  );
}
