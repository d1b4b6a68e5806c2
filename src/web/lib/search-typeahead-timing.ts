/** Typing pauses shorter than this send no request (a fast typist sends one query per word, not per letter). */
export const TYPEAHEAD_DEBOUNCE_MS = 150;
/** Spec section 9: the `Search` analytics event goes out 500 ms after the term stops changing. */
export const SEARCH_EVENT_DELAY_MS = 500;
