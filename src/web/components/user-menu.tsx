import { useTranslation } from "../i18n/use-translation";
import { logOut } from "../lib/client-session";
import { useLocalize, useRootData } from "../lib/root-data";
import type { SessionData } from "../lib/session-types";
import { BuildingIcon, LogOutIcon, UserIcon } from "./account-icons";
import { orgMenuItems, settingsMenuItem, userMenuItems } from "./account-menu-items";
import { DropdownMenu, MenuButton, MenuHeading, MenuLink, MenuSeparator } from "./ui/menu";
import { UserAvatar } from "./user-avatar";

/** Spec section 6: the My Orgs dropdown, shown when any of create/manage/join applies. */
export function OrgsMenu(props: { session: SessionData; className?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const items = orgMenuItems(props.session.menu);
  if (items.length === 0) return null;
  return (
    <DropdownMenu
      testId="orgs-menu"
      label={t("nav.myOrgs")}
      className={props.className}
      button={
        <>
          <BuildingIcon className="size-4" />
          <span className="whitespace-nowrap">{t("nav.myOrgs")}</span>
        </>
      }
    >
      {items.map((item) => (
        <MenuLink key={item.id} href={localize(item.href)} testId={`menu-${item.id}`}>
          {t(item.labelKey)}
        </MenuLink>
      ))}
    </DropdownMenu>
  );
}

/** The signed-in user's menu: Profile, (My Orgs below 1200px), My Apps, My APIs, Admin, Log Out. */
export function UserMenu(props: { session: SessionData }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const root = useRootData();
  const { user, menu } = props.session;
  const orgItems = orgMenuItems(menu);
  return (
    <DropdownMenu
      testId="user-menu"
      label={t("nav.accountMenu")}
      button={
        <>
          <UserAvatar name={user.name || user.username} thumbnail={user.thumbnail} />
          <span className="hidden max-w-32 truncate lg:inline">{user.username}</span>
        </>
      }
    >
      <p className="truncate px-4 pt-2 pb-2 text-xs text-slate-500 dark:text-slate-400">
        {t("nav.signedInAs", { name: user.name || user.username })}
      </p>
      <MenuSeparator />
      {[
        ...userMenuItems(user.username, menu, root?.studioPath ?? "/studio"),
        settingsMenuItem(root?.unifiedMasthead ?? false),
      ].map((item) => (
        <MenuLink
          key={item.id}
          href={localize(item.href)}
          testId={`menu-${item.id}`}
          icon={item.id === "profile" ? <UserIcon className="size-4 opacity-70" /> : undefined}
        >
          {t(item.labelKey)}
        </MenuLink>
      ))}
      {orgItems.length > 0 && (
        // At 1200px and wider the separate My Orgs dropdown carries these.
        <div className="xl:hidden">
          <MenuSeparator />
          <MenuHeading>{t("nav.myOrgs")}</MenuHeading>
          {orgItems.map((item) => (
            <MenuLink key={item.id} href={localize(item.href)} testId={`user-menu-${item.id}`}>
              {t(item.labelKey)}
            </MenuLink>
          ))}
        </div>
      )}
      <MenuSeparator />
      <MenuButton onClick={logOut} testId="menu-logout" icon={<LogOutIcon className="size-4 opacity-70" />}>
        {t("nav.logOut")}
      </MenuButton>
    </DropdownMenu>
  );
}
