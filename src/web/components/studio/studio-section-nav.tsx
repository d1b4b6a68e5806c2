import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";

export const STUDIO_SECTIONS = [
  { id: "general", labelKey: "studio.sections.general" },
  { id: "spec", labelKey: "studio.sections.spec" },
  { id: "plans", labelKey: "studio.sections.plans" },
  { id: "gateway", labelKey: "studio.sections.gateway" },
  { id: "analytics", labelKey: "studio.sections.analytics" },
  { id: "danger-zone", labelKey: "studio.sections.danger" },
] as const;

/**
 * The studio API page's section sidebar (issue 18): anchors within the one page (the forms keep their single action),
 * the section in view marked as current. Without script the anchors still jump; on phones it is a scrolling row.
 */
export function StudioSectionNav() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string>(STUDIO_SECTIONS[0].id);
  useEffect(() => {
    const sections = STUDIO_SECTIONS.map((s) => document.getElementById(s.id)).filter((el) => el !== null);
    // The current section is the last one whose top passed a line in the upper third of the window (an anchor jump
    // lands a section below the fixed top bar plus the page's scroll padding, about 170 px down).
    const pick = () => {
      const line = Math.max(200, window.innerHeight * 0.3);
      let found: string = STUDIO_SECTIONS[0].id;
      for (const el of sections) if (el.getBoundingClientRect().top <= line) found = el.id;
      // At the bottom of the page the last sections cannot reach the line: the last one counts as reached.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) {
        found = sections.at(-1)?.id ?? found;
      }
      setCurrent(found);
    };
    pick();
    window.addEventListener("scroll", pick, { passive: true });
    window.addEventListener("resize", pick);
    return () => {
      window.removeEventListener("scroll", pick);
      window.removeEventListener("resize", pick);
    };
  }, []);
  return (
    <nav
      aria-label={t("studio.sections.label")}
      data-testid="studio-section-nav"
      className="-mx-4 overflow-x-auto px-4 lg:sticky lg:top-24 lg:mx-0 lg:self-start lg:overflow-visible lg:px-0"
    >
      <ul className="flex gap-1 lg:flex-col">
        {STUDIO_SECTIONS.map((s) => (
          <li key={s.id} className="shrink-0">
            <a
              href={`#${s.id}`}
              data-testid={`studio-section-${s.id}`}
              aria-current={current === s.id ? "location" : undefined}
              onClick={() => setCurrent(s.id)}
              className={`block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition hover:bg-slate-100 aria-[current=location]:bg-accent/10 aria-[current=location]:text-accent dark:hover:bg-slate-800 ${
                s.id === "danger-zone" ? "text-danger" : "text-slate-700 dark:text-slate-300"
              }`}
            >
              {t(s.labelKey)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
