/*
 * The "/" shortcut of spec section 9 (focus the search box). It must work before React hydrates the page too, so the
 * rule exists twice: as a function for the search box's own listener, and as a tiny inline script (CSP nonce) that
 * handles the key until <html data-hydrated> is set and then leaves it to React. Both skip when the user is typing.
 */

/** Whether the focused element takes text: then "/" is a character, not a shortcut. */
export function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (!(element instanceof HTMLInputElement)) return false;
  return !NON_TEXT_INPUTS.has(element.type);
}

const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "color", "range", "image"]);

export const SLASH_SEARCH_SCRIPT = `(function(){var n=${JSON.stringify([...NON_TEXT_INPUTS])};document.addEventListener("keydown",function(e){var d=document.documentElement;if(d.hasAttribute("data-hydrated")||e.key!=="/"||e.defaultPrevented||e.ctrlKey||e.metaKey||e.altKey)return;var a=document.activeElement;if(a&&(a.isContentEditable||a.tagName==="TEXTAREA"||a.tagName==="SELECT"||(a.tagName==="INPUT"&&n.indexOf(a.type)<0)))return;var i=document.querySelector("[data-slash-search]");if(i){e.preventDefault();i.focus()}})})()`;
