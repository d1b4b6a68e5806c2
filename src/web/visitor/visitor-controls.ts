import { storeConsent } from "../lib/consent";
import { storeLocale, storeTheme } from "../lib/preferences";
import type { VisitorTexts } from "./visitor-texts";

/*
 * The top bar, footer and card controls of pages served without React (decision 162), on the server's markup:
 * the drawer (a native modal <dialog>), the theme toggle, the carousels' arrows, Follow/Save (sign-in for a visitor),
 * the cookie banner and "Cookie preferences", the language cookie, API logos over their initials.
 */

function on(selector: string, handler: (element: HTMLElement, event: MouseEvent) => void): void {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    element.addEventListener("click", (event) => handler(element, event));
  }
}

function installDrawer(): void {
  const drawer = document.querySelector<HTMLDialogElement>('dialog[data-testid="nav-drawer"]');
  if (!drawer) return;
  on('[data-testid="drawer-toggle"]', () => drawer.showModal());
  // Phones: the bar's search button opens the drawer on its search box (without script it is a link to /search).
  on('[data-testid="bar-search-button"]', (_, event) => {
    event.preventDefault();
    drawer.showModal();
    drawer.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  });
  on("[data-dialog-close]", () => drawer.close());
  // A click on the backdrop (the dialog element itself, outside its panel) closes it, as the Dialog part does.
  drawer.addEventListener("click", (event) => {
    if (event.target === drawer) drawer.close();
  });
}

function installTheme(texts: VisitorTexts): void {
  on('[data-testid="theme-toggle"]', (button) => {
    const dark = !document.documentElement.classList.contains("dark");
    storeTheme(dark ? "dark" : "light");
    const label = dark ? texts.switchToLight : texts.switchToDark;
    button.setAttribute("aria-label", label);
    button.title = label;
  });
  // Without a theme cookie the boot script may have applied the system preference: label what is on screen.
  const dark = document.documentElement.classList.contains("dark");
  for (const button of document.querySelectorAll<HTMLElement>('[data-testid="theme-toggle"]')) {
    const label = dark ? texts.switchToLight : texts.switchToDark;
    button.setAttribute("aria-label", label);
    button.title = label;
  }
}

function installCarousels(): void {
  on("[data-carousel-step]", (button) => {
    const strip = button.closest("section")?.querySelector<HTMLElement>("[data-carousel-strip]");
    if (!strip) return;
    // In RTL the strip scrolls towards negative offsets, so "forward" flips.
    const rtl = getComputedStyle(strip).direction === "rtl";
    const step = Number(button.dataset.carouselStep) || 1;
    strip.scrollBy({ left: step * (rtl ? -1 : 1) * strip.clientWidth * 0.9, behavior: "smooth" });
  });
}

/** A signed-out visitor's Follow and Save lead to sign-in, back to this page after it (the "Log in" link). */
function installSignInPrompts(): void {
  const login = document.querySelector<HTMLAnchorElement>('a[data-testid="login-link"]');
  if (!login) return;
  on('[data-testid="follow-button"], [data-testid="save-button"]', (_, event) => {
    event.preventDefault();
    event.stopPropagation();
    window.location.assign(login.href);
  });
}

function installConsent(): void {
  const wire = (banner: HTMLElement) => {
    const choose = (choice: "all" | "necessary") => {
      storeConsent(choice);
      banner.remove();
    };
    banner.querySelector('[data-testid="consent-accept"]')?.addEventListener("click", () => choose("all"));
    banner.querySelector('[data-testid="consent-necessary"]')?.addEventListener("click", () => choose("necessary"));
    banner.querySelector("[data-consent-close]")?.addEventListener("click", () => banner.remove());
  };
  const shown = document.querySelector<HTMLElement>('[data-testid="cookie-consent"]');
  if (shown) wire(shown);
  const template = document.querySelector<HTMLTemplateElement>("template[data-consent-template]");
  on('[data-testid="cookie-preferences"]', () => {
    const copy = template?.content.firstElementChild?.cloneNode(true);
    if (!(copy instanceof HTMLElement)) return;
    document.querySelector('[data-testid="cookie-consent"]')?.remove();
    // The line of the stored choice stays; the other two go.
    const match = /(?:^|;\s*)portico_consent=(all|necessary)(?:;|$)/.exec(document.cookie);
    const choice = match?.[1] ?? "none";
    for (const line of copy.querySelectorAll<HTMLElement>("[data-consent-current]")) {
      if (line.dataset.consentCurrent === choice) line.hidden = false;
      else line.remove();
    }
    wire(copy);
    template?.after(copy);
  });
}

/** API logos over initials (ImageOverInitials): shown once loaded, removed when they fail, as React does. */
function installPictures(): void {
  for (const img of document.querySelectorAll<HTMLImageElement>("img[data-over-initials]")) {
    const show = () => img.classList.replace("opacity-0", "opacity-100");
    if (img.complete && img.naturalWidth > 0) show();
    else if (img.complete && img.currentSrc !== "") img.remove();
    else {
      img.addEventListener("load", show);
      img.addEventListener("error", () => img.remove());
    }
  }
}

function installLanguageCookie(): void {
  on("a[data-locale]", (link) => storeLocale(link.dataset.locale ?? ""));
}

export function installControls(texts: VisitorTexts): void {
  installDrawer();
  installTheme(texts);
  installCarousels();
  installSignInPrompts();
  installConsent();
  installLanguageCookie();
  installPictures();
}
