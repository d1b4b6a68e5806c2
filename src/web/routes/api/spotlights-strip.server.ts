import type { AppLoadContext } from "react-router";
import { sanitizeHref } from "../../../common/url";
import { canEditApi } from "../../../core/access/private-apis.service";
import { listSpotlights, type Spotlight } from "../../../core/content/spotlights.service";

/** Path of a spotlight's stored file (the spotlight-files resource route). */
export function spotlightFileHref(id: string): string {
  return `/spotlight-files/${encodeURIComponent(id)}`;
}

/** What the pages need of a spotlight; `href` is its link (URL first, else the uploaded file). */
export function spotlightView(s: Spotlight) {
  const fileUrl = s.hasFile ? spotlightFileHref(s.id) : null;
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    url: s.url,
    fileName: s.fileName,
    fileIsImage: s.fileIsImage,
    fileUrl,
    href: s.url ? sanitizeHref(s.url) : fileUrl,
    state: s.state,
  };
}

export type SpotlightView = ReturnType<typeof spotlightView>;

/**
 * The API page's spotlight strip: published spotlights in order when the tenant's spotlight switch is on, and whether
 * the viewer may manage them (the strip then links to the editor, even when empty).
 */
export async function loadSpotlightStrip(context: AppLoadContext, apiId: string) {
  const { db, tenant, viewer } = context;
  const [canManage, spotlights] = await Promise.all([
    canEditApi({ db, tenantId: tenant.id, viewer }, apiId),
    tenant.config.switches.spotlightVisibility
      ? listSpotlights({ db, tenantId: tenant.id, viewer }, apiId)
      : Promise.resolve([]),
  ]);
  return { canManage, spotlights: spotlights.map(spotlightView) };
}
