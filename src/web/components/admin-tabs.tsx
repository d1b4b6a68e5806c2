import { useTranslation } from "../i18n/use-translation";
import { LocalLink } from "./localized-link";

export type AdminTab = "users" | "domains" | "search" | "settings" | "tenants";

const TAB_LINK =
  "rounded-lg px-3 py-2 text-sm font-semibold hover:bg-slate-100 aria-[current=page]:bg-accent/10 aria-[current=page]:text-accent dark:hover:bg-slate-800";

const TABS: Array<{ id: AdminTab; to: string; labelKey: string }> = [
  { id: "users", to: "/admin", labelKey: "admin.tabs.users" },
  { id: "domains", to: "/admin?tab=domains", labelKey: "admin.tabs.domains" },
  { id: "search", to: "/admin?tab=search", labelKey: "admin.tabs.search" },
  { id: "settings", to: "/admin/settings", labelKey: "tenantSettings.tab" },
  { id: "tenants", to: "/admin/tenants", labelKey: "tenants.tab" },
];

/** /admin's tabs; Marketplaces only for administrators of the operator tenant (decision 121). */
export function AdminTabs(props: { current: AdminTab; operator: boolean }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.title")} className="flex flex-wrap gap-2">
      {TABS.filter((tab) => tab.id !== "tenants" || props.operator).map((tab) => (
        <LocalLink
          key={tab.id}
          to={tab.to}
          aria-current={props.current === tab.id ? "page" : undefined}
          data-testid={`admin-tab-${tab.id}`}
          className={TAB_LINK}
        >
          {t(tab.labelKey)}
        </LocalLink>
      ))}
    </nav>
  );
}
