import { createContext, useContext } from "react";
import type { UIMatch } from "react-router";

/*
 * Pages a signed-out visitor gets as server HTML without React (decision 162): the route's `handle` says so, with a
 * predicate over its own loader data (the hub with the opt-in new experience stays a React page). Everything on such
 * a page works as plain links and forms, plus the small visitor script (src/web/visitor/) for what needs script.
 */

export interface StaticVisitorHandle {
  staticForVisitors: (loaderData: unknown) => boolean;
}

function isStaticHandle(handle: unknown): handle is StaticVisitorHandle {
  return (
    typeof handle === "object" &&
    handle !== null &&
    typeof (handle as Partial<StaticVisitorHandle>).staticForVisitors === "function"
  );
}

/**
 * Whether this document is sent without React: only on the server (a page React already runs keeps running it when
 * it navigates to the hub), only signed out, and only when the deepest route asks for it.
 */
export function isStaticVisitorPage(matches: readonly UIMatch[], signedIn: boolean, onServer: boolean): boolean {
  if (!onServer || signedIn) return false;
  const leaf = matches[matches.length - 1];
  return leaf !== undefined && isStaticHandle(leaf.handle) && leaf.handle.staticForVisitors(leaf.data);
}

/**
 * True while rendering a document that goes out without React. Its links are plain links: React Router's route
 * discovery attribute (`data-discover`, read by the router in the browser) is left out, 81 of them on /hub.
 */
export const StaticDocumentContext = createContext(false);

/** The `discover` prop of the links of this document: "none" where no router runs in the browser. */
export function useLinkDiscover(): "none" | undefined {
  return useContext(StaticDocumentContext) ? "none" : undefined;
}
