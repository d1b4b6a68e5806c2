import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { storeTheme } from "../lib/preferences";
import { useRootData } from "../lib/root-data";
import { MoonIcon, SunIcon } from "./icons";

/** Spec section 4: toggles light/dark, stores the choice (cookie + localStorage) so it survives reloads and logout. */
export function ThemeToggle(props: { className?: string }) {
  const { t } = useTranslation();
  const initial = useRootData()?.theme === "dark";
  const [dark, setDark] = useState(initial);

  // Without a cookie the boot script may have applied the system preference; read what is really on <html>.
  useEffect(() => {
    setDark(document.documentElement.classList.contains("dark"));
  }, []);

  function toggle() {
    const next = !document.documentElement.classList.contains("dark");
    storeTheme(next ? "dark" : "light");
    setDark(next);
  }

  return (
    <button
      type="button"
      onClick={toggle}
      data-testid="theme-toggle"
      aria-label={dark ? t("nav.switchToLight") : t("nav.switchToDark")}
      title={dark ? t("nav.switchToLight") : t("nav.switchToDark")}
      className={`inline-flex size-9 items-center justify-center rounded-lg transition hover:bg-white/10 ${props.className ?? ""}`}
    >
      {/* Icons follow the class on <html>, so the first paint is right even before hydration. */}
      <MoonIcon className="size-5 dark:hidden" />
      <SunIcon className="hidden size-5 dark:block" />
    </button>
  );
}
