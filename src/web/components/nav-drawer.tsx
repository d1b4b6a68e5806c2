import type { Ref } from "react";
import { useTranslation } from "../i18n/use-translation";
import { logOut } from "../lib/client-session";
import { withReferral } from "../lib/nav";
import { useLocalize, useRootData } from "../lib/root-data";
import type { SessionData } from "../lib/session-types";
import { orgMenuItems, settingsMenuItem, userMenuItems } from "./account-menu-items";
import { ContextList, useContextChoices } from "./context-switcher";
import { CloseIcon } from "./icons";
import type { NavItem } from "./nav-items";
import { SearchBox } from "./search-box";
import { Button, ButtonAnchor } from "./ui/button";
import { closeEnclosingDialog, Dialog } from "./ui/dialog";

/** Side drawer for small screens; a native modal <dialog> gives focus trapping and Escape for free. */
export function NavDrawer(props: {
  ref: Ref<HTMLDialogElement>;
  items: NavItem[];
  selected: string | null;
  current: string;
  session: SessionData | null;
  signUpHref: string;
}) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const root = useRootData();
  const { session } = props;
  const contexts = useContextChoices(session);
  const accountLinks = session
    ? [
        ...userMenuItems(session.user.username, session.menu, root?.studioPath ?? "/studio"),
        settingsMenuItem(root?.unifiedMasthead ?? false),
        ...orgMenuItems(session.menu),
        // The unified masthead already lists My Apps and My APIs among the product links.
      ].filter((link) => !props.items.some((item) => item.id === link.id))
    : [{ id: "create-org", labelKey: "nav.createOrganization", href: "/org/organization/create" }];
  const linkClass =
    "block rounded-lg px-3 py-2.5 font-medium hover:bg-slate-100 aria-[current=page]:bg-accent/10 aria-[current=page]:text-accent dark:hover:bg-slate-800";

  return (
    <Dialog
      ref={props.ref}
      aria-label={t("nav.menu")}
      data-testid="nav-drawer"
      className="fixed inset-y-0 start-0 m-0 h-dvh max-h-none w-[min(320px,85vw)] max-w-none bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex h-full flex-col gap-6 p-5">
        <div className="flex items-center justify-between">
          <span className="text-base font-bold">{t("nav.menu")}</span>
          <button
            type="button"
            onClick={closeEnclosingDialog}
            data-dialog-close=""
            aria-label={t("nav.closeMenu")}
            className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <SearchBox variant="drawer" onDone={() => document.querySelector<HTMLDialogElement>("dialog[open]")?.close()} />
        <nav aria-label={t("nav.mainLabel")}>
          <ul className="flex flex-col gap-1">
            {props.items.map((item) => (
              <li key={item.id}>
                <a
                  href={item.external ? item.href : localize(item.href)}
                  onClick={closeEnclosingDialog}
                  data-testid={`drawer-${item.id}`}
                  aria-current={item.id === props.selected ? "page" : undefined}
                  className={linkClass}
                >
                  {t(item.labelKey)}
                </a>
              </li>
            ))}
            {accountLinks.map((item) => (
              <li key={item.id}>
                <a href={localize(item.href)} data-testid={`drawer-${item.id}`} className={linkClass}>
                  {t(item.labelKey)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {contexts.selected && contexts.offered.length > 1 && (
          <section
            aria-label={t("nav.switchContext")}
            className="-mx-2 rounded-lg border border-slate-200 py-2 dark:border-slate-800"
          >
            <p className="px-4 pb-1 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
              {t("nav.contextLabel")}
            </p>
            <ContextList offered={contexts.offered} selected={contexts.selected} />
          </section>
        )}
        <div className="mt-auto flex flex-col gap-2 border-t border-slate-200 pt-5 dark:border-slate-800">
          {session ? (
            <>
              <p className="truncate text-sm text-slate-500 dark:text-slate-400">
                {t("nav.signedInAs", { name: session.user.name || session.user.username })}
              </p>
              <Button
                type="button"
                onClick={logOut}
                data-testid="drawer-logout"
                variant="quiet"
                size="custom"
                className="rounded-lg px-4 py-2.5 text-center"
              >
                {t("nav.logOut")}
              </Button>
            </>
          ) : (
            <>
              <ButtonAnchor
                href={withReferral(localize("/auth"), props.current)}
                data-testid="drawer-login"
                variant="quiet"
                size="custom"
                className="rounded-lg px-4 py-2.5 text-center"
              >
                {t("nav.logIn")}
              </ButtonAnchor>
              <a
                href={props.signUpHref}
                data-testid="drawer-signup"
                className="rounded-lg bg-signup px-4 py-2.5 text-center font-semibold text-signup-fg hover:brightness-110"
              >
                {t("nav.signUp")}
              </a>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
