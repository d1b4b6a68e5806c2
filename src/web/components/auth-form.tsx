import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { postAuth, RequestError } from "../lib/graphql-client";
import { type FieldMessages, translateFields, translateServerMessage } from "../lib/server-messages";
import { FormError } from "./ui/form-field";

export interface AuthFormState {
  busy: boolean;
  fields: FieldMessages;
  error: string | null;
}

/**
 * A form that posts to one of the /authentication/* routes. Without JavaScript it is a plain HTML form post (the
 * server answers 303 to the referral, or back here with ?error=CODE); with JavaScript it posts JSON so field-level
 * messages show next to their fields. Sessions are always opened by these HTTP routes (they rotate the CSRF token).
 */
export function AuthForm(props: {
  action: string;
  csrfToken: string;
  testId: string;
  initialError?: string | null;
  onSuccess: (data: Record<string, unknown>) => void;
  children: (state: AuthFormState) => ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<AuthFormState>({ busy: false, fields: {}, error: props.initialError ?? null });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = {};
    for (const [key, value] of form) if (key !== "csrfToken" && typeof value === "string") body[key] = value;
    setState({ busy: true, fields: {}, error: null });
    try {
      const data = await postAuth<Record<string, unknown>>(props.action, body);
      props.onSuccess(data);
    } catch (caught) {
      if (!(caught instanceof RequestError)) throw caught;
      const fields = translateFields(t, caught.fields);
      const generic = t(`auth.errors.${caught.code}`, { defaultValue: t("auth.errors.INTERNAL") });
      // Field messages say it next to the field; otherwise the server's (translated) message or the code's text.
      const error =
        Object.keys(fields).length > 0
          ? null
          : caught.code === "RATE_LIMITED" || caught.code === "CSRF"
            ? generic
            : translateServerMessage(t, caught.message) || generic;
      setState({ busy: false, fields, error });
    }
  }

  return (
    <form
      method="post"
      action={props.action}
      onSubmit={submit}
      noValidate
      data-testid={props.testId}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <FormError message={state.error} />
      {props.children(state)}
    </form>
  );
}

/** The centred card every auth screen uses. */
export function AuthCard(props: { title: string; intro?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
          {props.intro && <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{props.intro}</p>}
          <div className="mt-6">{props.children}</div>
        </div>
        {props.footer && (
          <div className="mt-5 text-center text-sm text-slate-600 dark:text-slate-400">{props.footer}</div>
        )}
      </div>
    </div>
  );
}
