import { useTranslation } from "../i18n/use-translation";
import { TabBar, TabLink } from "./ui/tabs";

export type AdminTab = "users" | "domains" | "search" | "analytics" | "settings" | "tenants";

const TABS: Array<{ id: AdminTab; to: string; labelKey: string }> = [
  { id: "users", to: "/admin", labelKey: "admin.tabs.users" },
  { id: "domains", to: "/admin?tab=domains", labelKey: "admin.tabs.domains" },
  { id: "search", to: "/admin?tab=search", labelKey: "admin.tabs.search" },
  { id: "analytics", to: "/admin/analytics", labelKey: "analytics.title" },
  { id: "settings", to: "/admin/settings", labelKey: "tenantSettings.tab" },
  { id: "tenants", to: "/admin/tenants", labelKey: "tenants.tab" },
];

/** /admin's tabs; Marketplaces only for administrators of the operator tenant (decision 121). */
export function AdminTabs(props: { current: AdminTab; operator: boolean }) {
  const { t } = useTranslation();
  return (
    <TabBar label={t("admin.title")} className="flex flex-wrap gap-2">
      {TABS.filter((tab) => tab.id !== "tenants" || props.operator).map((tab) => (
        <TabLink
          key={tab.id}
          look="pill"
          to={tab.to}
          current={props.current === tab.id}
          data-testid={`admin-tab-${tab.id}`}
        >
          {t(tab.labelKey)}
        </TabLink>
      ))}
    </TabBar>
  );
}
