import swagger2openapi from "swagger2openapi";
import { isPlainRecord } from "./json-pointer";
import { specError } from "./spec-errors";

/** Converts a (sanitized, ref-checked) Swagger 2.0 document to OpenAPI 3.0 with swagger2openapi. */
export async function convertSwaggerToOpenApi(
  swagger: Record<string, unknown>,
  sourceText: string,
): Promise<Record<string, unknown>> {
  let converted: unknown;
  try {
    const result = await swagger2openapi.convertObj(swagger, {
      patch: true,
      warnOnly: true,
      // Never follow external refs (they were refused earlier anyway) and keep internal $refs as they are.
      resolve: false,
      resolveInternal: false,
      // Passing the source avoids a full YAML re-serialization of the input inside the converter.
      text: sourceText,
    });
    converted = result.openapi;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    throw specError(`Could not convert Swagger 2.0 to OpenAPI 3: ${reason}`, "");
  }
  if (!isPlainRecord(converted)) throw specError("Could not convert Swagger 2.0 to OpenAPI 3", "");
  return converted;
}
