import type { PricingType } from "../../db/schema";
import { useTranslation } from "../i18n/use-translation";

// The colours are component classes in app.css (decision 162: the hub repeats the badge on every card).
const STYLES: Record<PricingType, string> = {
  FREE: "pricing-free",
  FREEMIUM: "pricing-freemium",
  PAID: "pricing-paid",
};

export function PricingBadge(props: { pricing: PricingType }) {
  const { t } = useTranslation();
  return (
    <span data-testid="pricing-badge" className={`pricing-badge ${STYLES[props.pricing] ?? STYLES.FREE}`}>
      {t(`api.pricing.${props.pricing}`)}
    </span>
  );
}
