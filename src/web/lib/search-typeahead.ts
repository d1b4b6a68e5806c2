import { useCallback, useEffect, useRef, useState } from "react";
import { privateSearchToken } from "./private-search-token";
import { fetchTypeahead, type TypeaheadResult, trackSearch } from "./search-client";
import { SEARCH_EVENT_DELAY_MS, TYPEAHEAD_DEBOUNCE_MS } from "./search-typeahead-timing";

export { SEARCH_EVENT_DELAY_MS, TYPEAHEAD_DEBOUNCE_MS } from "./search-typeahead-timing";

/**
 * The top bar's results for a cleaned term. Only the newest request may show its answer: each request gets a sequence
 * number and aborts the previous one, so a slow answer for "wea" never replaces the one for "weather". An empty
 * term sends nothing and shows nothing (spec section 5).
 */
export function useTypeahead(term: string, userId: string | null = null) {
  const [results, setResults] = useState<TypeaheadResult | null>(null);
  const sequence = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const latest = useRef<TypeaheadResult | null>(null);
  /** The term whose Search event is due, waiting for its results when they are slower than 500 ms. */
  const eventDue = useRef<string | null>(null);
  /** The last term a Search event was sent for (the results page then does not send a second one). */
  const eventSent = useRef<string | null>(null);

  const sendDueEvent = useCallback(() => {
    const due = eventDue.current;
    const result = latest.current;
    if (due === null || result === null || result.term !== due) return;
    eventDue.current = null;
    eventSent.current = due;
    trackSearch(due, result.total, result.queryId);
  }, []);

  const cancel = useCallback(() => {
    sequence.current += 1;
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const run = useCallback(
    (q: string) => {
      cancel();
      const mine = sequence.current;
      const controller = new AbortController();
      inFlight.current = controller;
      // Signed-in users send their private search token (invited private APIs); signed out, the public search.
      privateSearchToken(userId)
        .then((jwt) => fetchTypeahead(q, controller.signal, jwt))
        .then(
          (result) => {
            if (mine !== sequence.current) return;
            inFlight.current = null;
            latest.current = result;
            setResults(result);
            sendDueEvent();
          },
          // Aborted or failed: the box simply shows no dropdown for this term.
          () => undefined,
        );
    },
    [cancel, sendDueEvent, userId],
  );

  useEffect(() => {
    if (term === "") {
      cancel();
      latest.current = null;
      setResults(null);
      return;
    }
    const timer = setTimeout(() => run(term), TYPEAHEAD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, run, cancel]);

  useEffect(() => {
    eventDue.current = null;
    if (term === "") return;
    const timer = setTimeout(() => {
      eventDue.current = term;
      sendDueEvent();
    }, SEARCH_EVENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, sendDueEvent]);

  useEffect(() => cancel, [cancel]);

  /** Closes the dropdown: the results are dropped and any answer still on its way is ignored. */
  const clear = useCallback(() => {
    cancel();
    setResults(null);
  }, [cancel]);

  /** Asks again at once (focus back in the box, or arrow down on a closed box). */
  const refresh = useCallback(() => {
    if (term !== "") run(term);
  }, [term, run]);

  /** Whether the Search event for this term has gone out already. */
  const eventSentFor = useCallback((q: string) => q !== "" && eventSent.current === q, []);

  // While a newer term is on its way the previous answer stays up (no flicker); an empty box shows nothing.
  return { results: term === "" ? null : results, clear, refresh, eventSentFor };
}
