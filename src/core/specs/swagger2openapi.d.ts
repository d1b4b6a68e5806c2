// swagger2openapi ships no types; only the call the normalizer makes is declared.
declare module "swagger2openapi" {
  interface ConvertOptions {
    patch?: boolean;
    warnOnly?: boolean;
    resolve?: boolean;
    resolveInternal?: boolean;
    anchors?: boolean;
    direct?: boolean;
    text?: string;
    openapi?: Record<string, unknown>;
  }
  export function convertObj(swagger: Record<string, unknown>, options: ConvertOptions): Promise<ConvertOptions>;
  const swagger2openapi: { convertObj: typeof convertObj };
  export default swagger2openapi;
}
