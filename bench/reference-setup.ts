import { readFileSync } from "node:fs";
import { join } from "node:path";
import { largeSpecYaml } from "../tests/factories/large-operations-spec";

/*
 * Adds the reference fixtures to a running server as the demo developer's APIs (reference-fixture, hooks-only,
 * generated-large with 1,100 operations), for looking at the API reference and for `bench:pages`. Slugs take `suffix`
 * so a server can be given them more than once.
 */
export async function addReferenceApis(base: string, suffix = ""): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const remember = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const csrfResponse = await fetch(`${base}/gateway/csrf`);
  remember(csrfResponse);
  let csrf = ((await csrfResponse.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const headers = () => ({
    "csrf-token": csrf,
    "content-type": "application/json",
    accept: "application/json",
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
  });
  const signIn = await fetch(`${base}/authentication/sign-in`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ email: "developer@portico.demo", password: "portico-demo-developer" }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  remember(signIn);
  // Signing in rotates the CSRF token.
  csrf = ((await signIn.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const gql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const r = await fetch(`${base}/gateway/graphql`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ query, variables }),
    });
    if (!r.ok) throw new Error(`GraphQL answered ${r.status}`);
    const body = (await r.json()) as { data?: T; errors?: Array<{ message: string }> };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
    return body.data as T;
  };
  const fixtures = join(import.meta.dirname, "../tests/fixtures/specs");
  const specs: Record<string, string> = {
    "reference-fixture": readFileSync(join(fixtures, "reference-3.1.yaml"), "utf8"),
    "hooks-only": readFileSync(join(fixtures, "webhooks-only-3.1.yaml"), "utf8"),
    "generated-large": largeSpecYaml(1_100),
  };
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(specs)) {
    const slug = `${name}${suffix}`;
    const { createApi } = await gql<{ createApi: { id: string; ownerUsername: string } }>(
      "mutation($i: ApiInput!) { createApi(input: $i) { id ownerUsername } }",
      { i: { name: slug.replace(/-/g, " "), slug, shortDescription: `${slug} (test fixture)` } },
    );
    // As an upload (GraphQL multipart): JSON bodies stop at 256 KB.
    const form = new FormData();
    form.set(
      "operations",
      JSON.stringify({
        query: "mutation($a: ID!, $u: [File!]) { importApiSpec(apiId: $a, upload: $u) { version { id } } }",
        variables: { a: createApi.id, u: [null] },
      }),
    );
    form.set("map", JSON.stringify({ "0": ["variables.u.0"] }));
    form.set("0", new Blob([text], { type: "application/yaml" }), `${slug}.yaml`);
    const { "content-type": _json, ...rest } = headers();
    const r = await fetch(`${base}/gateway/graphql`, { method: "POST", headers: rest, body: form });
    const answer = (await r.json()) as { errors?: Array<{ message: string }> };
    if (!r.ok || answer.errors?.length)
      throw new Error(`import of ${slug}: ${JSON.stringify(answer.errors ?? r.status)}`);
    paths[name] = `/${createApi.ownerUsername}/api/${slug}`;
  }
  return paths;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? "http://127.0.0.1:4400";
  console.log(await addReferenceApis(base, process.argv[3] ?? ""));
}
