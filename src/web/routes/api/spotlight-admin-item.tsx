import { Form } from "react-router";
import { Button, ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import { useRootData } from "../../lib/root-data";
import type { SpotlightView } from "./spotlights-manage";
import { SpotlightStateLabel } from "./spotlights-strip";

/** One button of a spotlight's row (move, publish, delete), posting its own small form. */
function ItemAction(props: {
  id: string;
  intent: string;
  extra?: Record<string, string>;
  label: string;
  testId: string;
  disabled?: boolean;
  danger?: boolean;
  confirm?: string;
}) {
  const root = useRootData();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => {
        if (props.confirm && !window.confirm(props.confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      {Object.entries(props.extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        variant="outline"
        size="xs"
        disabled={props.disabled}
        data-testid={props.testId}
        aria-label={props.label}
        className={
          props.danger ? "text-danger hover:border-danger hover:text-danger disabled:opacity-40" : "disabled:opacity-40"
        }
      >
        {props.label}
      </Button>
    </Form>
  );
}

/**
 * A spotlight in the manager's list: its image, title, state, description and link, and the buttons that move it,
 * publish or unpublish it, edit it and delete it (after a confirm).
 */
export function SpotlightAdminItem(props: {
  spotlight: SpotlightView;
  apiHref: string;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation();
  const { spotlight: s, apiHref } = props;
  return (
    <li
      data-testid="spotlight-admin-item"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      {s.fileIsImage && s.fileUrl ? (
        <img
          src={s.fileUrl}
          alt=""
          className="aspect-[16/9] w-full rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : null}
      <div className="flex items-start justify-between gap-2">
        <h3 dir="auto" className="font-semibold break-words">
          {s.title}
        </h3>
        <SpotlightStateLabel state={s.state} />
      </div>
      {s.description && (
        <p dir="auto" className="text-sm text-slate-600 dark:text-slate-400">
          {s.description}
        </p>
      )}
      {s.href && (
        <a
          href={s.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="truncate text-sm text-accent hover:underline"
        >
          {s.url ?? s.fileName}
        </a>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <ItemAction
          id={s.id}
          intent="move"
          extra={{ direction: "left" }}
          label={t("content.spotlights.moveLeft")}
          testId="spotlight-move-left"
          disabled={props.first}
        />
        <ItemAction
          id={s.id}
          intent="move"
          extra={{ direction: "right" }}
          label={t("content.spotlights.moveRight")}
          testId="spotlight-move-right"
          disabled={props.last}
        />
        {s.state === "published" ? (
          <ItemAction
            id={s.id}
            intent="state"
            extra={{ state: "unpublished" }}
            label={t("content.spotlights.unpublish")}
            testId="spotlight-unpublish"
          />
        ) : (
          <ItemAction
            id={s.id}
            intent="state"
            extra={{ state: "published" }}
            label={t("content.spotlights.publish")}
            testId="spotlight-publish"
          />
        )}
        {s.state === "unpublished" && (
          <ItemAction
            id={s.id}
            intent="state"
            extra={{ state: "draft" }}
            label={t("content.spotlights.toDraft")}
            testId="spotlight-draft"
          />
        )}
        <ButtonLink
          to={`${apiHref}/spotlights/manage?edit=${s.id}`}
          data-testid="spotlight-edit"
          variant="outline"
          size="xs"
          className="disabled:opacity-40"
        >
          {t("content.edit")}
        </ButtonLink>
        <ItemAction
          id={s.id}
          intent="delete"
          label={t("content.delete")}
          testId="spotlight-delete"
          danger
          confirm={t("content.confirmDelete", { title: s.title })}
        />
      </div>
    </li>
  );
}
