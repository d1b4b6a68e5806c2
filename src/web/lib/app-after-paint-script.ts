// The browser half of decision 165 (the document rewrite is app-after-paint.server.ts).

/**
 * Runs where <Scripts> ended (the held script is above it). The new module script takes this script's nonce (the
 * page's CSP allows nonced scripts only) and replaces the held one, so hydration finds a module script where React
 * Router rendered one.
 */
export const APP_AFTER_PAINT_SCRIPT = `(function(){var n=document.currentScript&&document.currentScript.nonce,d=!1;function go(){if(d)return;d=!0;document.querySelectorAll("link[data-after-paint]").forEach(function(l){l.rel=l.getAttribute("data-after-paint")});var h=document.querySelector('script[type="text/x-after-paint"]');if(!h)return;var s=document.createElement("script");s.type="module";s.async=!0;if(n)s.nonce=n;s.textContent=h.textContent;h.replaceWith(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1e3)})();`;
