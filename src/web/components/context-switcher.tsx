import { useTranslation } from "../i18n/use-translation";
import { graphqlRequest } from "../lib/graphql-client";
import { offeredContexts, storeSelectedContext, useSelectedContext } from "../lib/selected-context";
import type { ContextChoice, SessionData } from "../lib/session-types";
import { CheckIcon, SwapIcon } from "./account-icons";
import { DropdownMenu, MenuHeading } from "./ui/menu";

const ACTIVE_CONTEXT = `query ActiveContext($contextId: ID) {
  getActiveUserContext(contextId: $contextId) { contextToken context { id type } }
}`;

function contextLabel(t: (key: string, vars?: Record<string, string>) => string, c: ContextChoice): string {
  if (c.type === "User") return t("nav.personalAccount");
  if (c.type === "Team" && c.parentName) return t("nav.contextTeam", { team: c.name, organization: c.parentName });
  return c.name;
}

/**
 * Switches the context (spec sections 3 and 4): persisted at once, then the server issues a context token for it and
 * POST /access-control returns the context's access tree. Spec section 8: an access-control failure is logged and
 * the app continues.
 */
async function selectContext(context: ContextChoice): Promise<void> {
  storeSelectedContext(context, null);
  try {
    const data = await graphqlRequest<{ getActiveUserContext: { contextToken: string } }>(ACTIVE_CONTEXT, {
      contextId: context.id,
    });
    const contextToken = data.getActiveUserContext.contextToken;
    storeSelectedContext(context, contextToken);
    const response = await fetch("/access-control", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method: "getAccessTree", contextToken }),
    });
    if (!response.ok) throw new Error(`access-control ${response.status}`);
  } catch (error) {
    console.warn("Unauthorized, failed to init access control", error);
  }
}

/** The "acting as" dropdown of the top bar; hidden when the user has a single context. */
export function ContextSwitcher(props: { session: SessionData; className?: string }) {
  const { t } = useTranslation();
  const offered = offeredContexts(props.session.contexts, props.session.menu.personalContext);
  const selected = useSelectedContext(offered);
  if (offered.length < 2 || !selected) return null;
  return (
    <DropdownMenu
      testId="context-switcher"
      label={t("nav.switchContext")}
      className={props.className}
      button={
        <>
          <SwapIcon className="size-4" />
          <span data-testid="current-context" className="max-w-36 truncate">
            {contextLabel(t, selected)}
          </span>
        </>
      }
    >
      <MenuHeading>{t("nav.contextLabel")}</MenuHeading>
      <ContextList offered={offered} selected={selected} />
    </DropdownMenu>
  );
}

/** The list of contexts as radio items (the drawer shows it inline). */
export function ContextList(props: { offered: ContextChoice[]; selected: ContextChoice }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("nav.switchContext")}>
      {props.offered.map((c) => {
        const active = c.id === props.selected.id;
        return (
          <li key={`${c.type}:${c.id}`}>
            <button
              type="button"
              aria-pressed={active}
              data-testid="context-option"
              onClick={() => void selectContext(c)}
              className={`flex w-full items-center gap-2 px-4 py-2 text-start hover:bg-slate-100 dark:hover:bg-slate-800 ${
                c.type === "Team" ? "ps-8" : ""
              } ${active ? "font-semibold text-accent" : ""}`}
            >
              <span className="min-w-0 flex-1 truncate">{contextLabel(t, c)}</span>
              {active && <CheckIcon className="size-4" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** For the drawer: the same choice without the dropdown. */
export function useContextChoices(session: SessionData | null) {
  const offered = session ? offeredContexts(session.contexts, session.menu.personalContext) : [];
  return { offered, selected: useSelectedContext(offered) };
}
