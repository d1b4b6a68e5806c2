/*
 * Decision 165: the first Intl formatter of a page loads the ICU data of its language, tens of milliseconds on the
 * main thread (measured here: the first NumberFormat 40–125 ms, the first DateTimeFormat 6–57 ms), one long task
 * however it is scheduled. ICU's data is shared by the whole renderer process, so this worker loads it on a thread of
 * its own while the app's scripts download; the main thread's formatters are then made in well under a millisecond.
 * The language is the worker's name (the after-paint script starts it, app-after-paint-script.ts).
 */

const lang = self.name;
try {
  // The formatters src/web/lib/format.ts makes (numbers, plurals, dates, relative times) and a currency one (plans).
  new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(1234.5);
  new Intl.NumberFormat(lang, { style: "currency", currency: "USD" }).format(12.5);
  new Intl.PluralRules(lang).select(1);
  new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(0);
  new Intl.RelativeTimeFormat(lang, { numeric: "auto" }).format(-1, "day");
} catch {
  // An unknown language: the page's own formatters fall back as they always did.
} finally {
  postMessage(null);
  close();
}
