import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";

/**
 * Five radio inputs named "stars", drawn as stars: works without JavaScript (plain radios), and with it the stars up
 * to the hovered or chosen one light up. Arrow keys move between them like any radio group.
 */
export function StarInput(props: { defaultValue: number | null; invalid?: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(props.defaultValue);
  const [hover, setHover] = useState<number | null>(null);
  const lit = hover ?? value ?? 0;
  return (
    <fieldset data-testid="star-input" className="flex flex-col gap-1.5" aria-invalid={props.invalid || undefined}>
      <legend className="mb-1.5 text-sm font-semibold">{t("ratings.starsLegend")}</legend>
      <div
        role="radiogroup"
        aria-label={t("ratings.starsLegend")}
        className="flex gap-1"
        onMouseLeave={() => setHover(null)}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent"
            onMouseEnter={() => setHover(n)}
          >
            <input
              type="radio"
              name="stars"
              value={n}
              defaultChecked={props.defaultValue === n}
              onChange={() => setValue(n)}
              className="sr-only"
              data-testid={`star-${n}`}
            />
            <span className="sr-only">{t("ratings.starOption", { count: n })}</span>
            <span
              aria-hidden="true"
              className={`block text-3xl leading-none ${n <= lit ? "text-amber-400" : "text-slate-300 dark:text-slate-600"}`}
            >
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
