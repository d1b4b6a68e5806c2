import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { largeSpecText } from "../factories/large-spec";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };
const FIXTURES = path.resolve("tests/fixtures/api-specs");

async function signIn(page: Page, referral: string) {
  await page.goto(`/auth?referral=${encodeURIComponent(referral)}`);
  await page.getByLabel("E-mail").fill(DEVELOPER.email);
  await page.getByLabel("Password").fill(DEVELOPER.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await waitForHydration(page);
}

function specFile(name: string, mimeType: string) {
  return { name, mimeType, buffer: readFileSync(path.join(FIXTURES, name)) };
}

// Markup a provider might write into a readme or a spec's descriptions; none of it may run.
const HOSTILE = [
  "<script>window.__xss = 'script'</script>",
  '<img src="x" onerror="window.__xss = \'img\'">',
  "[js link](javascript:window.__xss='link')",
  "<svg onload=\"window.__xss='svg'\"></svg>",
  "<iframe srcdoc=\"<script>parent.__xss='iframe'</script>\"></iframe>",
].join("\n\n");

function hostileSpec(): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Hostile", version: "1.0.0", description: HOSTILE },
    "x-note": HOSTILE,
    paths: {
      "/things": {
        get: {
          summary: "<b onmouseover=\"window.__xss='summary'\">List</b>",
          description: HOSTILE,
          parameters: [
            { name: "q", in: "query", description: HOSTILE, schema: { type: "string", description: HOSTILE } },
          ],
          responses: {
            "200": {
              description: HOSTILE,
              content: {
                "application/json": { schema: { type: "object", description: HOSTILE }, example: { x: HOSTILE } },
              },
            },
          },
        },
      },
    },
  });
}

test.describe("provider studio", () => {
  test("signed-out visitors of /studio are sent to sign in, and /provider redirects to /studio", async ({ page }) => {
    await page.goto("/studio");
    await expect(page).toHaveURL(/\/auth\?referral=%2Fstudio$/);
    await signIn(page, "/provider");
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole("heading", { name: "My APIs", level: 1 })).toBeVisible();
  });

  test("create an API, import a spec, see its endpoints and Specs downloads, re-import and see the diff", async ({
    page,
  }) => {
    // The server's first import also starts its spec worker thread.
    test.setTimeout(90_000);
    const name = `Bookshop ${Date.now().toString(36)}`;
    await signIn(page, "/studio");
    await expect(page).toHaveURL(/\/studio$/);
    await page.getByTestId("studio-add-api").click();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Short description").fill("Books for e2e tests");
    await page.getByLabel("Website").fill("not a url");
    // The browser's own URL check would stop the post; the server must refuse it too.
    await page.getByLabel("Website").evaluate((el) => el.setAttribute("type", "text"));
    await page.getByTestId("api-form-create-submit").click();
    await expect(page.getByTestId("error-website")).toHaveText("The URL is not valid. Please verify.");
    await page.getByLabel("Website").fill("https://books.example.com");
    await page.getByTestId("api-form-create-submit").click();
    await expect(page).toHaveURL(/\/studio\/apis\/api_[a-z0-9]+\?created=1$/);

    // First import: a YAML file (OpenAPI 3.0).
    await page.locator("#field-specFiles").setInputFiles(specFile("bookshop-v1.openapi-3.0.yaml", "application/yaml"));
    await page.getByTestId("spec-import-submit").click();
    // The server's first import starts its spec worker thread (seconds when the thread compiles TypeScript via tsx).
    await expect(page.getByTestId("spec-diff")).toContainText("Imported version 1.0.0 with 5 endpoints.", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("spec-version")).toHaveCount(1);

    // A broken spec is refused with what and where, and nothing is stored.
    await page.locator("#field-specFiles").setInputFiles(specFile("hostile-broken-json.json", "application/json"));
    await page.getByTestId("spec-import-submit").click();
    await expect(page.getByTestId("import-error")).toContainText("Spec is not valid JSON");
    await expect(page.getByTestId("import-error")).toContainText("Where: 4:76");
    await expect(page.getByTestId("spec-version")).toHaveCount(1);

    // The API page lists the endpoints.
    await page.getByTestId("studio-view-page").click();
    await expect(page.getByTestId("api-name")).toHaveText(name);
    await expect(page.getByTestId("reference-nav-item")).toHaveCount(5);
    await expect(page.getByTestId("reference-nav-item").first()).toContainText("/books");

    // The navigation's filter narrows it to one tag's operation, and back.
    await waitForHydration(page);
    await page.getByTestId("reference-filter").fill("orders");
    await expect(page.getByTestId("reference-nav-item")).toHaveCount(1);
    await page.getByTestId("reference-filter").fill("");
    await expect(page.getByTestId("reference-nav-item")).toHaveCount(5);

    // Try the imported GET /books: without a key it is answered from the spec (mock), and a snippet is offered.
    await page
      .getByTestId("reference-nav-item")
      .filter({ has: page.getByTestId("method-badge").filter({ hasText: /^GET$/ }), hasText: "/books" })
      .first()
      .click();
    await expect(page.getByTestId("operation-path")).toHaveText("/books");
    const books = page.getByTestId("reference");
    await books.getByTestId("try-it-send").click();
    await expect(books.getByTestId("try-it-status")).toHaveText(/^200/);
    await expect(books.getByTestId("try-it-via")).toHaveAttribute("data-via", "mock");
    await expect(books.getByTestId("snippet-code")).toContainText("curl --request GET");

    // Extensions tab: version 1 has no x- keys, and says so.
    await page.getByTestId("tab-extensions").click();
    await expect(page.getByTestId("extensions-empty")).toHaveText("This API's spec has no vendor extensions.");

    // Specs tab: download links of the current version.
    await page.getByTestId("tab-specs").click();
    await expect(page.getByTestId("specs-tab")).toBeVisible();
    const original = page.getByTestId("download-original");
    const response = await page.request.get((await original.getAttribute("href")) ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/yaml");
    expect(await response.text()).toBe(readFileSync(path.join(FIXTURES, "bookshop-v1.openapi-3.0.yaml"), "utf8"));
    const normalized = await page.request.get(
      (await page.getByTestId("download-normalized").getAttribute("href")) ?? "",
    );
    expect(((await normalized.json()) as { openapi: string }).openapi).toBe("3.0.3");

    // Manage tab (owner only): re-import version 2 and see what changed.
    await page.getByTestId("tab-manage").click();
    await expect(page.getByTestId("manage-tab")).toBeVisible();
    await page.locator("#field-specFiles").setInputFiles(specFile("bookshop-v2.openapi-3.1.json", "application/json"));
    await page.getByTestId("spec-import-submit").click();
    const diff = page.getByTestId("spec-diff");
    // Five operations and the newBook webhook, which is documented (and counted) like them.
    await expect(diff).toContainText("Imported version 2.0.0 with 6 endpoints.");
    await expect(page.getByTestId("diff-added")).toContainText("/books/{id}");
    await expect(page.getByTestId("diff-added")).toContainText("newBook");
    await expect(page.getByTestId("diff-added")).toContainText("PUT");
    await expect(page.getByTestId("diff-removed")).toContainText("DELETE");
    await expect(page.getByTestId("diff-changed")).toContainText("parameters");
    await expect(page.getByTestId("spec-version")).toHaveCount(2);

    // Extensions tab: version 2's x- keys at document, path and operation level; markup in a value is shown as text.
    await page.getByTestId("tab-extensions").click();
    await expect(page.getByTestId("extension-row")).toHaveCount(4);
    await expect(page.getByTestId("extensions-table")).toContainText("1 operation");
    await page.getByRole("link", { name: "x-audience" }).click();
    await expect(page.getByTestId("extension-name")).toHaveText("x-audience");
    await expect(page.getByTestId("extension-use")).toContainText("<script>window.__xss=1</script>");
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.getByTestId("extension-back").click();
    await page.getByRole("link", { name: "x-rate-limit" }).click();
    await expect(page.getByTestId("extension-use")).toContainText("GET");
    await expect(page.getByTestId("extension-use")).toContainText("/paths/~1books/get/x-rate-limit");
    const unknown = await page.request.get(`${new URL(page.url()).pathname.replace(/\/[^/]+$/, "")}/x-none`);
    expect(unknown.status()).toBe(404);
    // The version picker shows an older version's extensions: version 1 had none.
    await page.getByTestId("tab-extensions").click();
    await page.locator("#extensions-version").selectOption({ index: 1 });
    await page.getByTestId("extensions-version-picker").getByRole("button").click();
    await expect(page).toHaveURL(/\/extensions\?version=ver_/);
    await expect(page.getByTestId("extensions-empty")).toBeVisible();

    // The version picker on the Specs tab offers both versions.
    await page.getByTestId("tab-specs").click();
    await expect(page.locator("#spec-version option")).toHaveCount(2);

    // Signed out, the Manage tab is neither shown nor reachable.
    const apiUrl = new URL(page.url()).pathname.replace(/\/specs$/, "");
    await page.context().clearCookies();
    await page.goto(apiUrl);
    await expect(page.getByTestId("tab-specs")).toBeVisible();
    await expect(page.getByTestId("tab-manage")).toHaveCount(0);
    const manage = await page.request.get(`${apiUrl}/manage`);
    expect(manage.status()).toBe(404);
  });

  test("a long import shows how far it got, then its result", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, "/studio/new");
    await page.getByLabel("Name").fill(`Large ${Date.now().toString(36)}`);
    await page.getByTestId("api-form-create-submit").click();
    await expect(page).toHaveURL(/\/studio\/apis\//);
    // ~9 MB with 400k keys: seconds of parsing on the spec worker thread, so the page polls its progress.
    const buffer = Buffer.from(largeSpecText(), "utf8");
    await page.locator("#field-specFiles").setInputFiles({ name: "large.json", mimeType: "application/json", buffer });
    // On a fast machine this import ends within the second before progress shows; the browser gets its answer 2.5 s
    // late, so the page polls the server's progress board whatever the machine's speed (the last stage is kept there).
    let held = false;
    await page.route(/\/studio\/apis\//, async (route) => {
      if (route.request().method() !== "POST" || held) return route.fallback();
      held = true;
      const response = await route.fetch({ timeout: 120_000 });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.fulfill({ response });
    });
    await page.getByTestId("spec-import-submit").click();
    await expect(page.getByTestId("import-progress")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("import-stage")).toHaveText(
      /^(Reading the files|Parsing|Checking references|Listing endpoints|Comparing with the current version|Saving 1 endpoint|Finishing)…$/,
      { timeout: 60_000 },
    );
    await expect(page.getByTestId("spec-diff")).toContainText("Imported version 1.0.0 with 1 endpoint.", {
      timeout: 120_000,
    });
    await expect(page.getByTestId("import-progress")).toHaveCount(0);
  });

  test("import a spec split across a folder's files, its relative $refs followed", async ({ page }) => {
    const name = `Folder pets ${Date.now().toString(36)}`;
    await signIn(page, "/studio/new");
    await page.getByLabel("Name").fill(name);
    // The About tab's lists, one per line.
    await page.getByLabel("Features").fill("Fast lookups\nFree tier");
    await page.getByLabel("Resources").fill("Pet docs https://pets.example.com/docs");
    await page.getByTestId("api-form-create-submit").click();
    await expect(page).toHaveURL(/\/studio\/apis\//);
    await page.locator("#field-specFolder").setInputFiles(path.resolve("tests/fixtures/specs/multi-file"));
    await page.getByTestId("spec-import-submit").click();
    await expect(page.getByTestId("spec-diff")).toContainText("Imported version 2.0.0 with 3 endpoints.");
    await page.getByTestId("studio-view-page").click();
    await expect(page.getByTestId("reference-nav-item")).toHaveCount(3);
    await page.getByTestId("tab-about").click();
    await expect(page.getByTestId("api-features")).toContainText("Fast lookups");
    await expect(page.getByTestId("api-features")).toContainText("Free tier");
    await expect(page.getByTestId("api-resources").getByRole("link", { name: /Pet docs/ })).toHaveAttribute(
      "href",
      "https://pets.example.com/docs",
    );
  });

  test("hostile markup in a readme and in spec descriptions runs no script anywhere on the API page", async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const read = () => page.evaluate(() => (window as unknown as { __xss?: string }).__xss);
    await signIn(page, "/studio/new");
    await page.getByLabel("Name").fill(`Hostile ${Date.now().toString(36)}`);
    await page.getByLabel("Overview (Markdown)").fill(HOSTILE);
    await page.getByTestId("api-form-create-submit").click();
    await expect(page).toHaveURL(/\/studio\/apis\//);
    await page
      .locator("#field-specFiles")
      .setInputFiles({ name: "hostile.json", mimeType: "application/json", buffer: Buffer.from(hostileSpec()) });
    await page.getByTestId("spec-import-submit").click();
    await expect(page.getByTestId("spec-diff")).toContainText("Imported version 1.0.0 with 1 endpoint.");
    await page.getByTestId("studio-view-page").click();
    await waitForHydration(page);

    const row = page.getByTestId("reference");
    await expect(row.getByTestId("endpoint-docs")).toBeVisible();
    await expect(row.getByTestId("endpoint-docs")).toContainText("<script>window.__xss = 'script'</script>");
    await row.hover();
    expect(await read()).toBeUndefined();

    await page.getByTestId("tab-about").click();
    const readme = page.getByTestId("api-readme");
    await expect(readme).toContainText("js link");
    expect(await readme.locator("script, iframe, svg, img[onerror]").count()).toBe(0);
    const hrefs = await readme.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);

    await page.getByTestId("tab-extensions").click();
    await page.getByRole("link", { name: "x-note" }).click();
    await expect(page.getByTestId("extension-use")).toContainText("<iframe");
    expect(await page.getByTestId("extension-detail").locator("script, iframe, svg, img").count()).toBe(0);

    expect(await read()).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test("set the API's health path, see a bad one refused, and find it kept after a reload, then clear it", async ({
    page,
  }) => {
    await signIn(page, "/studio/new");
    await page.getByLabel("Name").fill(`Probed ${Date.now().toString(36)}`);
    await page.getByLabel("Upstream base URL").fill("https://api.example.com/v1");
    await page.getByTestId("api-form-create-submit").click();
    await expect(page).toHaveURL(/\/studio\/apis\/api_[a-z0-9]+\?created=1$/);
    await waitForHydration(page);
    const healthPath = page.getByLabel("Health check path", { exact: true });
    await expect(healthPath).toHaveValue("");

    await healthPath.fill("http://evil.example/x");
    await page.getByTestId("api-form-update-submit").click();
    await expect(page.getByTestId("error-healthPath")).toHaveText(
      "The health path must be a path such as /health (no host, spaces or backslashes)",
    );
    await healthPath.fill("/health");
    await page.getByTestId("api-form-update-submit").click();
    await expect(page.getByTestId("form-notice")).toHaveText("Changes saved.");
    await expect(page.getByTestId("error-healthPath")).toHaveCount(0);
    await page.reload();
    await expect(healthPath).toHaveValue("/health");
    // The upstream URL it belongs to is kept too.
    await expect(page.getByLabel("Upstream base URL")).toHaveValue("https://api.example.com/v1");

    await healthPath.fill("");
    await page.getByTestId("api-form-update-submit").click();
    await expect(page.getByTestId("form-notice")).toHaveText("Changes saved.");
    await page.reload();
    await expect(healthPath).toHaveValue("");
  });

  test("delete an API with confirmation", async ({ page }) => {
    const name = `Doomed ${Date.now().toString(36)}`;
    await signIn(page, "/studio/new");
    await page.getByLabel("Name").fill(name);
    await page.getByTestId("api-form-create-submit").click();
    await expect(page).toHaveURL(/\/studio\/apis\//);
    await page.getByTestId("delete-confirm").check();
    await page.getByTestId("delete-api-submit").click();
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByTestId("studio-api").filter({ hasText: name })).toHaveCount(0);
  });
});
