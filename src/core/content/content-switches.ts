import type { TenantConfig } from "../../common/tenant-config";
import { AppError } from "../errors/app-error";

export type ContentSwitch = "tutorials" | "discussions";

export const CONTENT_SWITCHED_OFF: Record<ContentSwitch, string> = {
  tutorials: "Tutorials are turned off on this marketplace",
  discussions: "Discussions are turned off on this marketplace",
};

/**
 * A tenant that switches tutorials or discussions off (spec section 3) hides the tab, and the same content must not
 * stay reachable another way (GraphQL): NOT_FOUND, like the tab's pages.
 */
export function assertContentEnabled(config: Pick<TenantConfig, "switches">, kind: ContentSwitch): void {
  if (!config.switches[kind]) throw new AppError("NOT_FOUND", CONTENT_SWITCHED_OFF[kind]);
}

/** Published spotlights show only when the tenant's spotlight switch is on; editors still manage them. */
export function spotlightsVisible(config: Pick<TenantConfig, "switches">): boolean {
  return config.switches.spotlightVisibility;
}
