import { useId } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Input } from "../ui/input";
import { type CardField, type CardFormValues, type CardHints, formatCardNumber, formatExpiry } from "./card-hints";

export const EMPTY_CARD: CardFormValues = { holderName: "", number: "", expiry: "", cvc: "" };

/**
 * The card step of the subscription modal and the past-due form (spec section 2): holder name, number, expiry and
 * CVC with the browser's card autofill names. Hints come from checkCardForm; each field points to its own hint.
 */
export function CardFields(props: {
  values: CardFormValues;
  onChange: (values: CardFormValues) => void;
  hints: CardHints;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { values, hints } = props;
  const set = (field: CardField, value: string) => props.onChange({ ...values, [field]: value });
  const field = (name: CardField) => ({
    id: `${id}-${name}`,
    name,
    "data-testid": `card-${name}`,
    "aria-invalid": hints[name] ? true : undefined,
    "aria-describedby": hints[name] ? `${id}-${name}-hint` : undefined,
    disabled: props.disabled,
    required: true,
  });
  const hint = (name: CardField) =>
    hints[name] ? (
      <p id={`${id}-${name}-hint`} data-testid={`card-hint-${name}`} className="text-xs font-medium text-danger">
        {t(`billing.cardHints.${hints[name]}`)}
      </p>
    ) : null;
  return (
    <fieldset className="flex flex-col gap-3" data-testid="card-fields">
      <legend className="mb-1 text-sm font-semibold">{t("billing.cardLegend")}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-holderName`} className="text-sm font-medium">
          {t("billing.holderName")}
        </label>
        <Input
          {...field("holderName")}
          autoComplete="cc-name"
          maxLength={100}
          value={values.holderName}
          onChange={(e) => set("holderName", e.target.value)}
          look="compact"
          dir="auto"
        />
        {hint("holderName")}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-number`} className="text-sm font-medium">
          {t("billing.cardNumber")}
        </label>
        <Input
          {...field("number")}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={values.number}
          onChange={(e) => set("number", formatCardNumber(e.target.value))}
          look="compact"
          className="font-mono tracking-wide"
          dir="ltr"
        />
        {hint("number")}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-expiry`} className="text-sm font-medium">
            {t("billing.expiry")}
          </label>
          <Input
            {...field("expiry")}
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder={t("billing.expiryPlaceholder")}
            maxLength={7}
            value={values.expiry}
            onChange={(e) => set("expiry", formatExpiry(e.target.value, values.expiry))}
            look="compact"
            className="font-mono"
            dir="ltr"
          />
          {hint("expiry")}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-cvc`} className="text-sm font-medium">
            {t("billing.cvc")}
          </label>
          <Input
            {...field("cvc")}
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={(e) => set("cvc", e.target.value.replace(/\D/g, "").slice(0, 4))}
            look="compact"
            className="font-mono"
            dir="ltr"
          />
          {hint("cvc")}
        </div>
      </div>
    </fieldset>
  );
}
