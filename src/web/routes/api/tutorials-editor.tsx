import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useLocation, useNavigation } from "react-router";
import { TUTORIAL_BODY_MAX, TUTORIAL_TITLE_MAX } from "../../../core/content/tutorial-validation";
import { LocalLink } from "../../components/localized-link";
import { Button } from "../../components/ui/button";
import { FormError, FormField } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { useRootData } from "../../lib/root-data";
import { translateFields, translateServerMessage } from "../../lib/server-messages";

export interface EditorTutorial {
  title: string;
  thumbnailUrl: string | null;
  body: string;
  draft: boolean;
}

export interface EditorPreview {
  html: string;
  toc: Array<{ id: string; text: string }>;
}

type Failure = { ok: false; message: string; fields: Record<string, string> };

function isFailure(value: unknown): value is Failure {
  return typeof value === "object" && value !== null && "ok" in value && (value as { ok: unknown }).ok === false;
}

function isPreview(value: unknown): value is EditorPreview & { intent: "preview" } {
  return typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === "preview";
}

const PREVIEW_DELAY_MS = 350;

/** Spec section 2 tutorial editor: title, thumbnail URL (optional), Markdown body with live preview and H1 contents. */
export function TutorialEditor(props: {
  heading: string;
  tutorial: EditorTutorial | null;
  initialPreview: EditorPreview | null;
  actionData: unknown;
  cancelTo: string;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const csrfToken = root?.csrfToken ?? "";
  const [body, setBody] = useState(props.tutorial?.body ?? "");
  const preview = useFetcher();
  const submitPreview = preview.submit;
  // The preview always posts to this editor's own action, even if it fires while a save navigates away.
  const editorPath = useLocation().pathname;
  const first = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (first.current && props.initialPreview) {
      first.current = false;
      return;
    }
    first.current = false;
    timer.current = setTimeout(() => {
      timer.current = null;
      submitPreview({ intent: "preview", body, csrfToken }, { method: "post", action: editorPath });
    }, PREVIEW_DELAY_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [body, csrfToken, submitPreview, props.initialPreview, editorPath]);

  const shown: EditorPreview | null = isPreview(preview.data) ? preview.data : props.initialPreview;
  const failed = isFailure(props.actionData) ? props.actionData : null;
  const fields = translateFields(t, failed?.fields);
  const formError = failed && Object.keys(fields).length === 0 ? translateServerMessage(t, failed.message) : null;
  const busy = navigation.state === "submitting";

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold tracking-tight">{props.heading}</h2>
        <LocalLink to={props.cancelTo} className="text-sm font-semibold text-accent hover:underline">
          {t("content.cancel")}
        </LocalLink>
      </div>
      <Form
        method="post"
        data-testid="tutorial-form"
        noValidate
        className="grid gap-6 lg:grid-cols-2"
        onSubmit={() => {
          // A save supersedes the pending preview.
          if (timer.current) clearTimeout(timer.current);
          timer.current = null;
        }}
      >
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <div className="flex min-w-0 flex-col gap-4">
          <FormError message={formError} />
          <FormField
            name="title"
            label={t("content.tutorials.title")}
            defaultValue={props.tutorial?.title ?? ""}
            maxLength={TUTORIAL_TITLE_MAX}
            error={fields.title}
            dir="auto"
          />
          <FormField
            name="thumbnailUrl"
            type="url"
            label={t("content.tutorials.thumbnailUrl")}
            hint={t("content.tutorials.thumbnailHint")}
            defaultValue={props.tutorial?.thumbnailUrl ?? ""}
            maxLength={2048}
            placeholder="https://"
            error={fields.thumbnailUrl}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="tutorial-body" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
              {t("content.tutorials.body")}
            </label>
            <textarea
              id="tutorial-body"
              name="body"
              value={body}
              onChange={(event) => setBody(event.target.value)}
              maxLength={TUTORIAL_BODY_MAX}
              rows={18}
              dir="auto"
              aria-invalid={fields.body ? true : undefined}
              aria-describedby={fields.body ? "tutorial-body-error" : "tutorial-body-hint"}
              className={`w-full rounded-lg border bg-white px-3 py-2.5 font-mono text-sm text-slate-900 shadow-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/25 dark:bg-slate-950 dark:text-slate-100 ${fields.body ? "border-danger" : "border-slate-300 dark:border-slate-700"}`}
            />
            {fields.body ? (
              <p id="tutorial-body-error" data-testid="error-body" className="text-sm font-medium text-danger">
                {fields.body}
              </p>
            ) : (
              <p id="tutorial-body-hint" className="text-xs text-slate-500 dark:text-slate-400">
                {t("content.tutorials.bodyHint")}
              </p>
            )}
          </div>
          <fieldset className="flex flex-wrap items-center gap-4">
            <legend className="mb-1.5 text-sm font-semibold text-slate-700 dark:text-slate-200">
              {t("content.tutorials.status")}
            </legend>
            {(["draft", "published"] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="status"
                  value={value}
                  data-testid={`status-${value}`}
                  defaultChecked={(props.tutorial?.draft ?? true) === (value === "draft")}
                  className="accent-[var(--color-accent)]"
                />
                {value === "draft" ? t("content.tutorials.saveDraft") : t("content.tutorials.publish")}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              data-testid="tutorial-save"
              size="lg"
              className="shadow-sm"
            >
              {t("content.save")}
            </Button>
            {props.canDelete && (
              <button
                type="submit"
                name="intent"
                value="delete"
                formNoValidate
                data-testid="tutorial-delete"
                onClick={(event) => {
                  if (!window.confirm(t("content.confirmDelete", { title: props.tutorial?.title ?? "" }))) {
                    event.preventDefault();
                  }
                }}
                className="rounded-lg border border-danger/40 px-5 py-2.5 font-semibold text-danger hover:bg-danger/10"
              >
                {t("content.delete")}
              </button>
            )}
          </div>
        </div>
        <aside className="flex min-w-0 flex-col gap-4" aria-label={t("content.tutorials.preview")}>
          <section className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <h3 className="mb-2 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
              {t("content.tutorials.contents")}
            </h3>
            {shown && shown.toc.length > 0 ? (
              <ol data-testid="editor-toc" className="list-decimal ps-5 text-sm">
                {shown.toc.map((entry) => (
                  <li key={entry.id}>{entry.text}</li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t("content.tutorials.noContents")}</p>
            )}
          </section>
          <section className="min-h-40 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
            <h3 className="mb-3 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
              {t("content.tutorials.preview")}
            </h3>
            {shown?.html ? (
              <div
                data-testid="editor-preview"
                dir="auto"
                className="prose max-w-none break-words"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered with html:false and sanitized on the server.
                dangerouslySetInnerHTML={{ __html: shown.html }}
              />
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t("content.tutorials.previewEmpty")}</p>
            )}
          </section>
        </aside>
      </Form>
    </div>
  );
}
