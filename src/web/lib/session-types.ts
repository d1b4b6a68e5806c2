import type { MenuFlags } from "../../core/access/access.policy";
import type { ContextEntry } from "../../core/orgs/contexts";

/** A context entry as the switcher needs it (children flattened into the list). */
export interface ContextChoice {
  type: ContextEntry["type"];
  id: string;
  entityId: string;
  name: string;
  parentName: string | null;
}

/** What the browser knows about the signed-in user: the root loader ships it with every full page load. */
export interface SessionData {
  user: { id: string; username: string; name: string; thumbnail: string | null; isAdmin: boolean };
  /** Spec section 6: what the top bar shows. */
  menu: MenuFlags;
  /** Personal context first, then each organization followed by its teams. */
  contexts: ContextChoice[];
  followedApiIds: string[];
  savedApiIds: string[];
}
