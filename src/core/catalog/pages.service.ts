import type { Db } from "../../db/connection";
import { selectPage, selectPages } from "./pages.queries";

/** A static page (about, terms, privacy...) of the tenant; null when the slug is unknown. */
export async function getPage(
  db: Db,
  tenantId: string,
  slug: string,
): Promise<{ slug: string; title: string; body: string; updatedAt: number } | null> {
  const row = await selectPage(db, tenantId, slug);
  return row ? { slug: row.slug, title: row.title, body: row.body, updatedAt: Number(row.updated_at) } : null;
}

/** The index of the tenant's static pages (what /page without a slug lists). */
export async function listPages(
  db: Db,
  tenantId: string,
): Promise<Array<{ slug: string; title: string; updatedAt: number }>> {
  const rows = await selectPages(db, tenantId);
  return rows.map((r) => ({ slug: r.slug, title: r.title, updatedAt: Number(r.updated_at) }));
}
