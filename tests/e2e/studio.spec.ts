import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };
const FIXTURES = path.resolve("src/core/api-specs/fixtures");

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
    await expect(page.getByTestId("spec-diff")).toContainText("Imported version 1.0.0 with 5 endpoints.");
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
    await expect(page.getByTestId("endpoint-row")).toHaveCount(5);
    await expect(page.getByTestId("endpoint-row").first()).toContainText("/books");

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
    await expect(diff).toContainText("Imported version 2.0.0 with 5 endpoints.");
    await expect(page.getByTestId("diff-added")).toContainText("/books/{id}");
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

  test("import a spec split across a folder's files, its relative $refs followed", async ({ page }) => {
    const name = `Folder pets ${Date.now().toString(36)}`;
    await signIn(page, "/studio/new");
    await page.getByLabel("Name").fill(name);
    await page.getByTestId("api-form-create-submit").click();
    await expect(page).toHaveURL(/\/studio\/apis\//);
    await page.locator("#field-specFolder").setInputFiles(path.resolve("src/core/specs/fixtures/multi-file"));
    await page.getByTestId("spec-import-submit").click();
    await expect(page.getByTestId("spec-diff")).toContainText("Imported version 2.0.0 with 3 endpoints.");
    await page.getByTestId("studio-view-page").click();
    await expect(page.getByTestId("endpoint-row")).toHaveCount(3);
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
