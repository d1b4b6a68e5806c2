import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { fieldClass } from "../ui/input";
import { CheckSetting, NumberSetting, OptionalTextSetting, SettingsSection, TextSetting } from "./settings-fields";
import type { SectionProps } from "./settings-types";

/** Sign-up: the external sign-up address (spec section 2) and one-tap sign-in (spec "Layout"). */
export function SignUpSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const setOneTap = (key: "clientId" | "jwksUrl" | "issuer", v: string | null) =>
    update((c) => ({ ...c, oneTap: { ...c.oneTap, [key]: v } }));
  return (
    <SettingsSection id="signUp" title={t("tenantSettings.sections.signUp")}>
      <OptionalTextSetting
        path="externalSignupUrl"
        label={t("tenantSettings.signUp.externalUrl")}
        hint={t("tenantSettings.signUp.externalHelp")}
        value={draft.externalSignupUrl}
        onChange={(v) => update((c) => ({ ...c, externalSignupUrl: v }))}
        error={errorFor("externalSignupUrl")}
      />
      <CheckSetting
        path="oneTap.enabled"
        label={t("tenantSettings.signUp.oneTapEnabled")}
        checked={draft.oneTap.enabled}
        onChange={(v) => update((c) => ({ ...c, oneTap: { ...c.oneTap, enabled: v } }))}
      />
      {draft.oneTap.enabled && (
        <div className="grid gap-4 sm:grid-cols-3">
          <OptionalTextSetting
            path="oneTap.clientId"
            label={t("tenantSettings.signUp.clientId")}
            value={draft.oneTap.clientId}
            onChange={(v) => setOneTap("clientId", v)}
            error={errorFor("oneTap.clientId")}
          />
          <OptionalTextSetting
            path="oneTap.jwksUrl"
            label={t("tenantSettings.signUp.jwksUrl")}
            value={draft.oneTap.jwksUrl}
            onChange={(v) => setOneTap("jwksUrl", v)}
            error={errorFor("oneTap.jwksUrl")}
          />
          <OptionalTextSetting
            path="oneTap.issuer"
            label={t("tenantSettings.signUp.issuer")}
            value={draft.oneTap.issuer}
            onChange={(v) => setOneTap("issuer", v)}
            error={errorFor("oneTap.issuer")}
          />
        </div>
      )}
    </SettingsSection>
  );
}

export function ConsentSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="consent" title={t("tenantSettings.sections.consent")}>
      <CheckSetting
        path="consent.enabled"
        label={t("tenantSettings.consent.enabled")}
        checked={draft.consent.enabled}
        onChange={(v) => update((c) => ({ ...c, consent: { ...c.consent, enabled: v } }))}
      />
      <OptionalTextSetting
        path="consent.policyUrl"
        label={t("tenantSettings.consent.policyUrl")}
        value={draft.consent.policyUrl}
        onChange={(v) => update((c) => ({ ...c, consent: { ...c.consent, policyUrl: v } }))}
        error={errorFor("consent.policyUrl")}
      />
    </SettingsSection>
  );
}

/** Free plan defaults, spotlight upload rules and the default currency: the tenant's limits. */
export function LimitsSections({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const [extensions, setExtensions] = useState(draft.spotlightFiles.allowedExtensions.join(", "));
  return (
    <>
      <SettingsSection id="freePlan" title={t("tenantSettings.sections.freePlan")}>
        <div className="flex flex-wrap gap-4">
          <NumberSetting
            path="freePlan.maxRequests"
            label={t("tenantSettings.freePlan.maxRequests")}
            value={draft.freePlan.maxRequests}
            min={0}
            onChange={(v) => update((c) => ({ ...c, freePlan: { ...c.freePlan, maxRequests: v ?? 0 } }))}
            error={errorFor("freePlan.maxRequests")}
          />
          <NumberSetting
            path="freePlan.rateLimitPerMinute"
            label={t("tenantSettings.freePlan.rateLimit")}
            value={draft.freePlan.rateLimitPerMinute}
            min={0}
            onChange={(v) => update((c) => ({ ...c, freePlan: { ...c.freePlan, rateLimitPerMinute: v ?? 0 } }))}
            error={errorFor("freePlan.rateLimitPerMinute")}
          />
        </div>
      </SettingsSection>
      <SettingsSection id="spotlight" title={t("tenantSettings.sections.spotlight")}>
        <TextSetting
          path="spotlightFiles.allowedExtensions"
          label={t("tenantSettings.spotlight.extensions")}
          hint={t("tenantSettings.spotlight.extensionsHelp")}
          value={extensions}
          dir="ltr"
          onChange={(v) => {
            setExtensions(v);
            const list = v
              .split(",")
              .map((s) => s.trim().toLowerCase().replace(/^\./, ""))
              .filter(Boolean);
            update((c) => ({ ...c, spotlightFiles: { ...c.spotlightFiles, allowedExtensions: list } }));
          }}
          error={errorFor("spotlightFiles.allowedExtensions")}
        />
        <NumberSetting
          path="spotlightFiles.maxSizeMb"
          label={t("tenantSettings.spotlight.maxSize")}
          value={draft.spotlightFiles.maxSizeMb}
          min={0.1}
          max={100}
          step={0.1}
          onChange={(v) => update((c) => ({ ...c, spotlightFiles: { ...c.spotlightFiles, maxSizeMb: v ?? 0 } }))}
          error={errorFor("spotlightFiles.maxSizeMb")}
        />
      </SettingsSection>
      <SettingsSection id="currency" title={t("tenantSettings.sections.currency")}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("tenantSettings.currency.label")}
          <input
            data-setting="defaultCurrency"
            value={draft.defaultCurrency}
            maxLength={3}
            dir="ltr"
            onChange={(e) => update((c) => ({ ...c, defaultCurrency: e.target.value.toUpperCase() }))}
            className={fieldClass({ look: "plain", className: "w-24 font-mono uppercase" })}
          />
          <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
            {t("tenantSettings.currency.help")}
          </span>
          {errorFor("defaultCurrency") && (
            <span className="text-sm font-medium text-danger">{errorFor("defaultCurrency")}</span>
          )}
        </label>
      </SettingsSection>
    </>
  );
}

const NETWORKS = ["github", "x", "linkedin", "youtube"] as const;

export function SocialSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="social" title={t("tenantSettings.sections.social")} intro={t("tenantSettings.social.help")}>
      <div className="grid gap-4 sm:grid-cols-2">
        {NETWORKS.map((n) => (
          <OptionalTextSetting
            key={n}
            path={`socialLinks.${n}`}
            label={t(`tenantSettings.social.${n}`)}
            value={draft.socialLinks[n]}
            placeholder="https://"
            onChange={(v) => update((c) => ({ ...c, socialLinks: { ...c.socialLinks, [n]: v } }))}
            error={errorFor(`socialLinks.${n}`)}
          />
        ))}
      </div>
    </SettingsSection>
  );
}
