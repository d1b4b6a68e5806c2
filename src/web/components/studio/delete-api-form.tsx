import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormError } from "../ui/form-field";

/** Delete with confirmation: the box must be ticked (checked again on the server). */
export function DeleteApiForm(props: { csrfToken: string; apiName: string; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <Form method="post" data-testid="delete-api-form" className="flex flex-col gap-3">
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <input type="hidden" name="intent" value="delete" />
      <FormError message={props.error} />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="confirm"
          value="yes"
          required
          data-testid="delete-confirm"
          className="mt-0.5 size-4 accent-[var(--color-danger,#e8304f)]"
        />
        <span>{t("studio.remove.confirm", { name: props.apiName })}</span>
      </label>
      <div>
        <button
          type="submit"
          data-testid="delete-api-submit"
          className="rounded-lg bg-danger-fill px-5 py-2.5 font-semibold text-white shadow-sm hover:brightness-110"
        >
          {t("studio.remove.submit")}
        </button>
      </div>
    </Form>
  );
}
