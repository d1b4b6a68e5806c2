import { LOGO_MAX } from "../../common/theme/theme-tokens";
import { useTranslation } from "../i18n/use-translation";
import { useRootData } from "../lib/root-data";
import { LocalLink } from "./localized-link";

/**
 * Tenant logo (light variant in light mode, dark variant in dark mode, switched by CSS so there is no flash), at most
 * 120x60; without a logo the brand name is shown as text.
 */
export function BrandLogo() {
  const { t } = useTranslation();
  const root = useRootData();
  const brand = root?.brand ?? "Portico";
  const logo = root?.logo;
  const width = logo?.width ?? undefined;
  const height = logo?.height ?? LOGO_MAX.fallbackHeight;
  const style = { maxWidth: LOGO_MAX.width, maxHeight: LOGO_MAX.height };
  return (
    <LocalLink
      to="/hub"
      aria-label={t("nav.brandHome", { brand })}
      className="flex shrink-0 items-center gap-2 rounded-md text-mast-link-hover"
      data-testid="brand-logo"
    >
      {logo?.light ? (
        <>
          <img
            src={logo.light}
            alt=""
            width={width}
            height={height}
            style={style}
            className={`logo-light h-auto w-auto object-contain ${logo.dark ? "has-dark-variant" : ""}`}
          />
          {logo.dark && (
            <img
              src={logo.dark}
              alt=""
              width={width}
              height={height}
              style={style}
              className="logo-dark object-contain"
            />
          )}
        </>
      ) : (
        <>
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-accent-fill text-sm font-black text-white shadow-sm"
          >
            {brand.slice(0, 1).toUpperCase()}
          </span>
          <span className="max-w-[160px] truncate text-lg font-bold tracking-tight sm:max-w-[240px]">{brand}</span>
        </>
      )}
    </LocalLink>
  );
}
