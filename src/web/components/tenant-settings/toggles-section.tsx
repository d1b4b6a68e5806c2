import type { TenantConfig } from "../../../common/tenant-config";
import { useTranslation } from "../../i18n/use-translation";
import { CheckSetting, SettingsSection } from "./settings-fields";
import type { SectionProps } from "./settings-types";

const SWITCHES = [
  "tutorials",
  "discussions",
  "apiHealthCheck",
  "specsTab",
  "hideApiScores",
  "invoiceBilling",
  "publicMode",
  "spotlightVisibility",
] as const satisfies ReadonlyArray<keyof TenantConfig["switches"]>;

/** Spec section 4's seven flags, in the spec's order. */
const FLAGS = [
  "newBuildExperience",
  "pricing_app",
  "global_navigation_theming",
  "dark_mode",
  "new-hub-experience",
  "unified_masthead",
  "my_apis_approvals",
] as const satisfies ReadonlyArray<keyof TenantConfig["featureFlags"]>;

export function SwitchesSection({ draft, update }: SectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="switches" title={t("tenantSettings.sections.switches")}>
      <div className="grid gap-3 sm:grid-cols-2">
        {SWITCHES.map((key) => (
          <CheckSetting
            key={key}
            path={`switches.${key}`}
            label={t(`tenantSettings.switches.${key}`)}
            checked={draft.switches[key]}
            onChange={(v) => update((c) => ({ ...c, switches: { ...c.switches, [key]: v } }))}
          />
        ))}
      </div>
    </SettingsSection>
  );
}

export function FlagsSection({ draft, update }: SectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="flags" title={t("tenantSettings.sections.flags")}>
      <div className="grid gap-3 sm:grid-cols-2">
        {FLAGS.map((key) => (
          <CheckSetting
            key={key}
            path={`featureFlags.${key}`}
            label={`${t(`tenantSettings.flags.${key}`)} · ${key}`}
            checked={draft.featureFlags[key]}
            onChange={(v) => update((c) => ({ ...c, featureFlags: { ...c.featureFlags, [key]: v } }))}
          />
        ))}
      </div>
    </SettingsSection>
  );
}
