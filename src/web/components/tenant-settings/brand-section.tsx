import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { useRootData } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import { Button } from "../ui/button";
import { NumberSetting, OptionalTextSetting, SettingsSection, TextSetting } from "./settings-fields";
import type { SectionProps } from "./settings-types";

type ImageKind = "logo-light" | "logo-dark" | "favicon";

/** Brand: name, light and dark logos with their size, favicon; images upload through the storage provider. */
export function BrandSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const setLogo = (which: "light" | "dark", value: string | null) =>
    update((c) => ({ ...c, logos: { ...c.logos, [which]: value } }));
  const setSize = (which: "width" | "height", value: number | null) =>
    update((c) => ({ ...c, theme: { ...c.theme, logo: { ...c.theme.logo, [which]: value } } }));
  return (
    <SettingsSection id="brand" title={t("tenantSettings.sections.brand")}>
      <TextSetting
        path="brandName"
        label={t("tenantSettings.brand.name")}
        value={draft.brandName}
        maxLength={80}
        onChange={(v) => update((c) => ({ ...c, brandName: v }))}
        error={errorFor("brandName")}
      />
      <ImageSetting
        kind="logo-light"
        label={t("tenantSettings.brand.logoLight")}
        value={draft.logos.light}
        onChange={(v) => setLogo("light", v)}
        error={errorFor("logos.light")}
      />
      <ImageSetting
        kind="logo-dark"
        label={t("tenantSettings.brand.logoDark")}
        value={draft.logos.dark}
        onChange={(v) => setLogo("dark", v)}
        error={errorFor("logos.dark")}
        dark
      />
      <div className="flex flex-wrap gap-4">
        <NumberSetting
          path="theme.logo.width"
          label={t("tenantSettings.brand.logoWidth")}
          value={draft.theme.logo.width}
          min={1}
          max={120}
          onChange={(v) => setSize("width", v)}
          error={errorFor("theme.logo.width")}
        />
        <NumberSetting
          path="theme.logo.height"
          label={t("tenantSettings.brand.logoHeight")}
          value={draft.theme.logo.height}
          min={1}
          max={60}
          onChange={(v) => setSize("height", v)}
          error={errorFor("theme.logo.height")}
        />
      </div>
      <ImageSetting
        kind="favicon"
        label={t("tenantSettings.brand.favicon")}
        value={draft.favicon}
        onChange={(v) => update((c) => ({ ...c, favicon: v }))}
        error={errorFor("favicon")}
      />
    </SettingsSection>
  );
}

interface UploadResult {
  ok: boolean;
  intent?: string;
  path?: string;
  message?: string;
}

/** An image setting: an address, or an upload whose stored path is put into the draft (saved with the form). */
function ImageSetting(props: {
  kind: ImageKind;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  dark?: boolean;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const fetcher = useFetcher<UploadResult>();
  const fileRef = useRef<HTMLInputElement>(null);
  const { onChange } = props;
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok && result.path) onChange(result.path);
  }, [result, onChange]);
  const busy = fetcher.state !== "idle";
  const upload = () => {
    const file = fileRef.current?.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("kind", props.kind);
    form.set("csrfToken", root?.csrfToken ?? "");
    form.set("file", file);
    fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };
  const uploadError = result && !result.ok && result.message ? translateServerMessage(t, result.message) : undefined;
  return (
    <div className="flex flex-col gap-2" data-testid={`brand-image-${props.kind}`}>
      <OptionalTextSetting
        path={props.kind}
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        error={props.error ?? uploadError}
        hint={t("tenantSettings.brand.logoHelp")}
      />
      <div className="flex flex-wrap items-center gap-3">
        <span
          className={`flex h-14 min-w-24 items-center justify-center rounded-lg border px-3 ${props.dark ? "border-slate-700 bg-slate-900" : "border-slate-200 bg-white"}`}
        >
          {props.value ? (
            <img src={props.value} alt="" className="max-h-[60px] max-w-[120px]" />
          ) : (
            <span className="text-xs text-slate-500 dark:text-slate-400">{t("tenantSettings.brand.none")}</span>
          )}
        </span>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/x-icon"
          aria-label={`${props.label}: ${t("tenantSettings.brand.upload")}`}
          data-testid={`upload-${props.kind}`}
          onChange={upload}
          className="max-w-full text-sm"
        />
        {busy && (
          <span className="text-sm text-slate-500 dark:text-slate-400">{t("tenantSettings.brand.uploading")}</span>
        )}
        {props.value && (
          <Button type="button" variant="secondary" size="sm" onClick={() => props.onChange(null)}>
            {t("tenantSettings.brand.remove")}
          </Button>
        )}
      </div>
    </div>
  );
}
