// The browser half of decision 165 (the document rewrite is app-after-paint.server.ts).

/**
 * Runs where <Scripts> ended (the held script is above it). The new module script takes this script's nonce (the
 * page's CSP allows nonced scripts only) and replaces the held one, so hydration finds a module script where React
 * Router rendered one; it goes first, so the top of the module graph is asked for first, then the translation
 * catalog's preload (from the page's `i18n-catalog` meta; entry.client.tsx fetches it before hydrating). Before
 * them it starts the Intl warm-up worker named on this script (`data-intl-warmup`, intl-warmup.worker.ts);
 * `window.__porticoIntl` settles when it is done (or failed, or after two seconds), and entry.client.tsx waits for it. The links follow six per
 * task: issuing a module preload costs the main thread ~0.5–1 ms each (measured: 42 links in one task took 20–40 ms
 * on this machine, four times that on a throttled phone: a long task of its own).
 */
export const APP_AFTER_PAINT_SCRIPT = `(function(){var cs=document.currentScript,n=cs&&cs.nonce,w=cs&&cs.getAttribute("data-intl-warmup"),d=!1;function go(){if(d)return;d=!0;if(w)window.__porticoIntl=new Promise(function(r){try{var k=new Worker(w,{name:document.documentElement.lang});k.onmessage=k.onerror=function(){r()};setTimeout(r,2e3)}catch(e){r()}});var h=document.querySelector('script[type="text/x-after-paint"]');if(h){var s=document.createElement("script");s.type="module";s.async=!0;if(n)s.nonce=n;s.textContent=h.textContent;h.replaceWith(s)}var m=document.querySelector('meta[name="i18n-catalog"]');if(m){var c=document.createElement("link");c.rel="preload";c.as="fetch";c.crossOrigin="anonymous";c.href=m.content;document.head.appendChild(c)}var l=[].slice.call(document.querySelectorAll("link[data-after-paint]"));(function next(){l.splice(0,6).forEach(function(x){x.rel=x.getAttribute("data-after-paint")});if(l.length)setTimeout(next,0)})()}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1e3)})();`;
