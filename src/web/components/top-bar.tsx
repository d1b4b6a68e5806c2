import { useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { selectedNavItem, selectedUnifiedNavItem, withReferral } from "../lib/nav";
import { useLocalize, useRootData } from "../lib/root-data";
import { BrandLogo } from "./brand-logo";
import { ContextSwitcher } from "./context-switcher";
import { MenuIcon, SearchIcon } from "./icons";
import { LocalLink } from "./localized-link";
import { NavDrawer } from "./nav-drawer";
import { productNavItems, unifiedNavItems } from "./nav-items";
import { NotificationsTray } from "./notifications-tray";
import { SearchBox } from "./search-box";
import { ThemeToggle } from "./theme-toggle";
import { OrgsMenu, UserMenu } from "./user-menu";

/**
 * Spec "Layout": 64px top bar with logo, dark-mode toggle, search (240px), product links (hidden below 1200px) and
 * the user area (hidden below 576px); below 1200px a side drawer carries links, search and account actions. With the
 * unified_masthead flag and a signed-in user it is the unified masthead: hub, My Apps and My APIs as one navigation,
 * settings at /auth/user/settings.
 */
export function TopBar() {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const localize = useLocalize();
  const drawer = useRef<HTMLDialogElement>(null);
  const current = location.pathname + location.search;
  const docsUrl = t("docs.url", { defaultValue: "#" });
  const session = root?.session ?? null;
  const studioPath = root?.studioPath ?? "/studio";
  const unified = session !== null && (root?.unifiedMasthead ?? false);
  // Signed in, "Add Your API" goes straight to the provider area (no sign-in detour).
  const items = unified
    ? unifiedNavItems(docsUrl, studioPath, session.menu.myApis)
    : productNavItems(docsUrl, studioPath).map((item) =>
        session && item.id === "add-api" ? { ...item, href: studioPath } : item,
      );
  const selected = unified ? selectedUnifiedNavItem(location.pathname) : selectedNavItem(location.pathname);
  // Spec section 2: an external sign-up address from configuration (only a valid URL gets here).
  const signUpHref = root?.externalSignupUrl ?? withReferral(localize("/auth/sign-up"), current);

  return (
    <header
      data-testid="top-bar"
      data-masthead={unified ? "unified" : "classic"}
      className="fixed inset-x-0 top-0 z-40 h-topbar border-b border-black/10 bg-mast text-mast-link shadow-sm"
    >
      <div className="mx-auto flex h-full max-w-[1320px] items-center gap-3 px-4 sm:px-6">
        <button
          type="button"
          onClick={() => drawer.current?.showModal()}
          aria-label={t("nav.openMenu")}
          aria-haspopup="dialog"
          data-testid="drawer-toggle"
          className="-ms-1 inline-flex size-9 items-center justify-center rounded-lg hover:bg-white/10 xl:hidden"
        >
          <MenuIcon className="size-5" />
        </button>
        <BrandLogo />
        <div className="ms-2 hidden min-w-0 shrink md:block">
          <SearchBox variant="bar" focusOnSlash />
        </div>
        <nav aria-label={t("nav.mainLabel")} className="ms-auto hidden h-full items-stretch gap-1 xl:flex">
          {items.map((item) => {
            const isSelected = item.id === selected;
            const className = `relative flex items-center whitespace-nowrap px-3 text-sm font-medium transition hover:text-mast-link-hover ${
              isSelected
                ? "text-mast-link-selected after:absolute after:inset-x-3 after:bottom-0 after:h-[3px] after:rounded-t after:bg-mast-line"
                : ""
            }`;
            const common = {
              "aria-current": isSelected ? ("page" as const) : undefined,
              "data-testid": `nav-${item.id}`,
              className,
            };
            return item.external ? (
              <a key={item.id} href={item.href} {...common}>
                {t(item.labelKey)}
              </a>
            ) : (
              <LocalLink key={item.id} to={item.href} {...common}>
                {t(item.labelKey)}
              </LocalLink>
            );
          })}
          {!session && (
            // Spec section 6: "create org" is one of the signed-out links; its page asks to log in first.
            <a
              href={localize("/org/organization/create")}
              data-testid="nav-create-org"
              className="relative flex items-center whitespace-nowrap px-3 text-sm font-medium transition hover:text-mast-link-hover"
            >
              {t("nav.createOrganization")}
            </a>
          )}
        </nav>
        <div className="ms-auto flex items-center gap-2 xl:ms-2">
          {/* Phones keep search in the bar (issue 18): it opens the drawer on its search box; without script, /search. */}
          <a
            href={localize("/search")}
            data-testid="bar-search-button"
            aria-label={t("nav.searchPlaceholder")}
            onClick={(event) => {
              const dialog = drawer.current;
              if (!dialog) return;
              event.preventDefault();
              dialog.showModal();
              dialog.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
            }}
            className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-white/10 md:hidden"
          >
            <SearchIcon className="size-5" />
          </a>
          {root?.darkMode !== false && <ThemeToggle className="hover:text-mast-link-hover" />}
          {/* Outside the user area, which hides below 576px: the tray stays reachable on phones. */}
          {session && <NotificationsTray />}
          {session ? (
            <div data-testid="user-area" className="hidden items-center gap-1 sm:flex">
              <OrgsMenu session={session} className="hidden xl:block" />
              <ContextSwitcher session={session} className="hidden md:block" />
              <UserMenu session={session} />
            </div>
          ) : (
            // Signed out, "Log in" stays in the bar on phones too (issue 18); "Sign up" moves into the drawer there.
            <div data-testid="user-area" className="flex items-center gap-2">
              <a
                href={withReferral(localize("/auth"), current)}
                className="rounded-lg px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-mast-link-hover transition hover:bg-white/10 sm:px-3"
                data-testid="login-link"
              >
                {t("nav.logIn")}
              </a>
              <a
                href={signUpHref}
                className="hidden rounded-lg bg-signup px-3.5 py-2 text-sm font-semibold text-signup-fg shadow-sm transition hover:brightness-110 sm:inline-block"
                data-testid="signup-link"
              >
                {t("nav.signUp")}
              </a>
            </div>
          )}
        </div>
      </div>
      <NavDrawer
        ref={drawer}
        items={items}
        selected={selected}
        current={current}
        session={session}
        signUpHref={signUpHref}
      />
    </header>
  );
}
