/**
 * One language's texts for the demo catalog's categories and collections (decision 130), keyed by slug. A category
 * name alone, or [name, description] where the en-US category has a description. `acme` holds the descriptions of
 * tenant 2's categories, which say who owns them there.
 */
export interface SeedCatalogTranslation {
  categories: Record<string, string | [string, string]>;
  collections: Record<string, [string, string]>;
  acme: Record<string, string>;
}
