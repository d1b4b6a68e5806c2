/** OpenAPI 3 documents of the built-in demo APIs (their examples also feed mock mode). */

const errorSchema = { type: "object", properties: { error: { type: "string" } }, required: ["error"] };

export const ECHO_SPEC = {
  openapi: "3.0.3",
  info: {
    title: "Portico Echo",
    version: "1.0.0",
    description:
      "Answers with exactly what it received through the Portico gateway: method, path, query, headers and body. Use it to see which headers the gateway adds (x-portico-*) and to try rate limits.",
  },
  servers: [{ url: "portico-demo://echo" }],
  paths: {
    "/anything": {
      get: {
        operationId: "echoGet",
        summary: "Echo a GET request",
        parameters: [{ name: "q", in: "query", required: false, schema: { type: "string" }, example: "hello" }],
        responses: {
          "200": {
            description: "What the upstream received",
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/Echo" },
                example: { method: "GET", path: "/anything", query: { q: "hello" }, headers: {}, body: "" },
              },
            },
          },
        },
      },
      post: {
        operationId: "echoPost",
        summary: "Echo a POST request with its body",
        requestBody: { content: { "application/json": { schema: { type: "object" }, example: { hello: "world" } } } },
        responses: {
          "200": {
            description: "What the upstream received",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Echo" } } },
          },
        },
      },
    },
    "/status/{code}": {
      get: {
        operationId: "echoStatus",
        summary: "Answer with the given HTTP status",
        parameters: [
          { name: "code", in: "path", required: true, schema: { type: "integer", minimum: 200, maximum: 599 } },
        ],
        responses: {
          "200": { description: "The status asked for", content: { "application/json": { example: { status: 200 } } } },
        },
      },
    },
    "/delay/{ms}": {
      get: {
        operationId: "echoDelay",
        summary: "Answer after a delay (at most 10 seconds)",
        parameters: [
          { name: "ms", in: "path", required: true, schema: { type: "integer", minimum: 0, maximum: 10000 } },
        ],
        responses: {
          "200": { description: "Delayed answer", content: { "application/json": { example: { delayedMs: 250 } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Echo: {
        type: "object",
        properties: {
          method: { type: "string", example: "GET" },
          path: { type: "string", example: "/anything" },
          query: { type: "object", additionalProperties: { type: "string" } },
          headers: { type: "object", additionalProperties: { type: "string" } },
          body: { type: "string" },
          receivedAt: { type: "string", format: "date-time" },
        },
      },
    },
  },
} as const;

const city = {
  type: "object",
  properties: {
    id: { type: "string", example: "par" },
    name: { type: "string", example: "Paris" },
    country: { type: "string", example: "FR" },
    latitude: { type: "number", example: 48.86 },
    longitude: { type: "number", example: 2.35 },
    population: { type: "integer", example: 2102000 },
    timezone: { type: "string", example: "Europe/Paris" },
  },
  required: ["id", "name", "country", "latitude", "longitude"],
};

export const GEO_SPEC = {
  openapi: "3.0.3",
  info: {
    title: "Portico Geo",
    version: "1.0.0",
    description:
      "A small demo API of world cities: look cities up, get a (synthetic) daily forecast and the great-circle distance between two cities. Runs inside Portico, so it works offline.",
  },
  servers: [{ url: "portico-demo://geo" }],
  paths: {
    "/cities": {
      get: {
        operationId: "listCities",
        summary: "List cities",
        parameters: [
          { name: "country", in: "query", required: false, schema: { type: "string" }, example: "FR" },
          { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 50 } },
        ],
        responses: {
          "200": {
            description: "Cities",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    total: { type: "integer" },
                    cities: { type: "array", items: { $ref: "#/components/schemas/City" } },
                  },
                },
              },
            },
          },
        },
      },
    },
    "/cities/{id}": {
      get: {
        operationId: "getCity",
        summary: "Get a city",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, example: "par" }],
        responses: {
          "200": {
            description: "The city",
            content: { "application/json": { schema: { $ref: "#/components/schemas/City" } } },
          },
          "404": { description: "Unknown city", content: { "application/json": { schema: errorSchema } } },
        },
      },
    },
    "/cities/{id}/forecast": {
      get: {
        operationId: "getForecast",
        summary: "Daily forecast for a city (synthetic data)",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" }, example: "tyo" },
          { name: "days", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 14 } },
        ],
        responses: {
          "200": {
            description: "Forecast",
            content: {
              "application/json": {
                example: {
                  city: "tyo",
                  synthetic: true,
                  days: [{ date: "2026-01-01", highC: 10.2, lowC: 2.2, precipitationChance: 35, summary: "Sunny" }],
                },
              },
            },
          },
        },
      },
    },
    "/distance": {
      get: {
        operationId: "getDistance",
        summary: "Distance between two cities in kilometres",
        parameters: [
          { name: "from", in: "query", required: true, schema: { type: "string" }, example: "par" },
          { name: "to", in: "query", required: true, schema: { type: "string" }, example: "tyo" },
        ],
        responses: {
          "200": {
            description: "Distance",
            content: { "application/json": { example: { from: "par", to: "tyo", kilometres: 9714 } } },
          },
          "400": { description: "Missing or unknown city", content: { "application/json": { schema: errorSchema } } },
        },
      },
    },
  },
  components: { schemas: { City: city } },
} as const;
