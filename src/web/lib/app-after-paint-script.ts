// The browser half of decision 165 (the document rewrite is app-after-paint.server.ts).

/**
 * Runs where <Scripts> ended (the held script is above it), once the first paint is on screen: when the browser
 * reports its paint timing entry (animation frames run before anything is painted, measured: two frames 120 ms before
 * the first paint), after the second animation frame where paint timing is missing, after three seconds at most;
 * at once in a tab that is hidden (it paints nothing until shown). Each step is a task of its
 * own (total blocking time counts long tasks):
 * 1. the Intl warm-up worker named on this script (`data-intl-warmup`, intl-warmup.worker.ts) for the page's
 *    language; `window.__porticoIntl` settles when it is done (or failed, or after two seconds) and entry.client.tsx
 *    waits for it;
 * 2. a module script with the held one's text and this script's nonce (the CSP allows nonced scripts only) in its
 *    place, so hydration finds a module script where React Router rendered one and the top of the module graph is
 *    asked for first;
 * 3. the translation catalog's preload, from the page's `i18n-catalog` meta (entry.client.tsx fetches it);
 * 4. the module preload links, given their rel back two per task: issuing one costs the main thread 0–16 ms at a
 *    phone's 4× CPU slowdown (measured: 42 in one task took 20–40 ms here unthrottled; six per task made tasks of
 *    up to 64 ms throttled, over the 50 ms that counts as blocking).
 *
 * A click on a script button (`button[type="button"]`) before React has started hydrating would do nothing: the page
 * is painted before the app loads. The last such button clicked is marked `data-click-pending` (app.css shows it busy)
 * and clicked again once the page is hydrated (`window.__porticoReplayClick`, called by root.tsx); from the moment
 * entry.client.tsx starts hydrating (`window.__porticoHydrating`) React handles clicks itself (it replays those that
 * land on parts not hydrated yet), so none is recorded. A click still waiting after 15 s is dropped (the app could not
 * load, e.g. its catalog failed: the button must not look busy forever).
 */
export const APP_AFTER_PAINT_SCRIPT = `(function(){var cs=document.currentScript,n=cs&&cs.nonce,w=cs&&cs.getAttribute("data-intl-warmup"),d=!1,pc=null,pt=0;function drop(){if(pc)pc.removeAttribute("data-click-pending");pc=null}document.addEventListener("click",function(e){if(window.__porticoHydrating)return;var t=e.target,b=t&&t.closest?t.closest('button[type="button"]'):null;if(!b||b.disabled)return;drop();pc=b;b.setAttribute("data-click-pending","");clearTimeout(pt);pt=setTimeout(drop,15e3)},!0);window.__porticoReplayClick=function(){var b=pc;pc=null;if(b){b.removeAttribute("data-click-pending");if(b.isConnected&&!b.disabled)b.click()}};function go(){if(d)return;d=!0;var steps=[function(){if(w)window.__porticoIntl=new Promise(function(r){try{var k=new Worker(w,{name:document.documentElement.lang});k.onmessage=k.onerror=function(){r()};setTimeout(r,2e3)}catch(e){r()}})},function(){var h=document.querySelector('script[type="text/x-after-paint"]');if(!h)return;var s=document.createElement("script");s.type="module";s.async=!0;if(n)s.nonce=n;s.textContent=h.textContent;h.replaceWith(s)},function(){var m=document.querySelector('meta[name="i18n-catalog"]');if(!m)return;var c=document.createElement("link");c.rel="preload";c.as="fetch";c.crossOrigin="anonymous";c.href=m.content;document.head.appendChild(c)}],l=[].slice.call(document.querySelectorAll("link[data-after-paint]"));while(l.length)(function(b){steps.push(function(){b.forEach(function(x){x.rel=x.getAttribute("data-after-paint")})})})(l.splice(0,2));(function next(){var f=steps.shift();if(f){f();setTimeout(next,0)}})()}function painted(){var o=!1,once=function(){if(!o){o=!0;setTimeout(go,0)}};try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(l,p){p.disconnect();once()}).observe({type:"paint",buffered:!0});setTimeout(once,3e3);return}}catch(e){}requestAnimationFrame(function(){requestAnimationFrame(once)})}if(document.hidden)go();else{painted();document.addEventListener("visibilitychange",function(){if(document.hidden)go()})}})();`;
