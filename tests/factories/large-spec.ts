/**
 * An OpenAPI 3 document of about 9 MB holding 400k keys (one schema with 200k properties): the size of spec that
 * stalled the web process for ~3 s while it was parsed and normalized on the event loop (decision 061).
 */
export function largeSpecText(properties = 200_000): string {
  const props: Record<string, { type: string }> = {};
  for (let i = 0; i < properties; i++) props[`property_name_thing_${String(i).padStart(7, "0")}`] = { type: "string" };
  const json = JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Large", version: "1.0.0" },
    paths: {
      "/things": {
        get: {
          summary: "List things",
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
            },
          },
        },
      },
    },
    components: { schemas: { Thing: { type: "object", properties: props } } },
  });
  // JSON.stringify builds a long result as a rope of parts; text read from a request arrives as one flat string.
  return Buffer.from(json, "utf8").toString("utf8");
}
