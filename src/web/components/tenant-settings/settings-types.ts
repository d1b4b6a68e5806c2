import type { TenantConfig } from "../../../common/tenant-config";

/** What every section of the settings form gets: the draft, a way to change it, and the server's field messages. */
export interface SectionProps {
  draft: TenantConfig;
  update: (change: (config: TenantConfig) => TenantConfig) => void;
  /** The translated server message for a dotted setting path, if the last save refused it. */
  errorFor: (path: string) => string | undefined;
}
