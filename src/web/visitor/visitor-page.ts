import { primeConsentRequirement } from "../lib/consent";
import { primeCsrfToken } from "../lib/graphql-client";
import { installCompare } from "./visitor-compare";
import { installControls } from "./visitor-controls";
import { installSearchBox } from "./visitor-search";
import { installSearchPage } from "./visitor-search-page";
import { VISITOR_TEXTS_ID, type VisitorTexts } from "./visitor-texts";

/*
 * The one script of pages a signed-out visitor gets without React (decision 162): a few kilobytes instead of the
 * app's ~170 KB, loaded deferred with the page's nonce. Everything here also works as plain HTML without it (links,
 * GET forms), except the typeahead, the tray and the theme toggle, which need script in the React app too.
 */

function readTexts(): VisitorTexts | null {
  const node = document.getElementById(VISITOR_TEXTS_ID);
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as VisitorTexts;
  } catch {
    return null;
  }
}

const texts = readTexts();
if (texts) {
  primeConsentRequirement(texts.consentRequired);
  primeCsrfToken(texts.csrfToken);
  for (const box of document.querySelectorAll<HTMLElement>("[data-search-box]")) installSearchBox(box, texts);
  installControls(texts);
  installCompare(texts, texts.prefix);
  installSearchPage(texts.prefix);
  // Browser tests wait for this instead of React's data-hydrated (tests/e2e/hydration.ts).
  document.documentElement.dataset.visitorReady = "true";
}
