import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { largeSpecYaml } from "../factories/large-operations-spec";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

// The API reference: specs imported through the studio as a provider would, then read as a developer would.
const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };
const SPECS = path.resolve("tests/fixtures/specs");

async function importSpec(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, endpoints: string) {
  await page.goto(`/auth?referral=${encodeURIComponent("/studio/new")}`);
  await page.getByLabel("E-mail").fill(DEVELOPER.email);
  await page.getByLabel("Password").fill(DEVELOPER.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Name").fill(`Reference ${Date.now().toString(36)}`);
  await page.getByTestId("api-form-create-submit").click();
  await expect(page).toHaveURL(/\/studio\/apis\//);
  await page.locator("#field-specFiles").setInputFiles(file);
  await page.getByTestId("spec-import-submit").click();
  await expect(page.getByTestId("spec-diff")).toContainText(`with ${endpoints} endpoints.`, { timeout: 120_000 });
  await page.getByTestId("studio-view-page").click();
  await expect(page.getByTestId("reference")).toBeVisible();
  await waitForHydration(page);
}

const yamlFile = (name: string) => ({
  name,
  mimeType: "application/yaml",
  buffer: readFileSync(path.join(SPECS, name)),
});

test("a 3.1 spec's webhooks, callbacks, examples and Markdown are shown", async ({ page }) => {
  test.setTimeout(90_000);
  await importSpec(page, yamlFile("reference-3.1.yaml"), "3");
  const nav = page.getByTestId("reference-nav");
  await expect(nav.getByTestId("reference-nav-item")).toHaveCount(3);
  await expect(nav).toContainText("Webhooks");

  // The first operation: Markdown rendered (and its raw HTML shown as text), three named examples to choose from.
  const docs = page.getByTestId("endpoint-docs");
  await expect(page.getByTestId("operation-title")).toHaveText("Create an order");
  await expect(docs.locator("strong", { hasText: "Authorised" }).first()).toBeVisible();
  await expect(docs.getByRole("link", { name: "guides" })).toHaveAttribute("href", "https://example.com/guides");
  await expect(docs).toContainText("<script>alert(1)</script>");
  await expect(page.getByTestId("reference-example-choice")).toHaveText([
    "A small order",
    "A bulk order",
    "An order shared between operations",
  ]);
  await page.getByTestId("reference-example-choice").filter({ hasText: "A bulk order" }).click();
  await expect(page.getByTestId("endpoint-request-body").getByTestId("reference-example")).toContainText('"paper"');
  // Try-it's body follows the chosen example.
  await expect(page.getByTestId("try-it-body")).toHaveValue(/"paper"/);
  await expect(page.getByTestId("reference-callback")).toContainText("{$request.body#/callbackUrl}");
  await expect(docs.getByTestId("schema-const").first()).toContainText('"placed"');

  // Servers: the gateway's address first, then the spec's own with its variables to fill in.
  const servers = page.getByTestId("reference-servers");
  await expect(servers.getByTestId("reference-gateway-url")).toHaveText(/^http.*\/demo-developer\/reference-/);
  await servers.locator("summary").click();
  await expect(servers.getByTestId("reference-server-url")).toHaveText("https://orders.example.com/v1");
  await servers.getByTestId("reference-server-variable").selectOption("v2");
  await expect(servers.getByTestId("reference-server-url")).toHaveText("https://orders.example.com/v2");

  // The webhook: documented like an operation, with its own address, and nothing to try.
  await nav.getByTestId("reference-nav-item").filter({ hasText: "orderPaid" }).click();
  await expect(page.getByTestId("operation-title")).toHaveText("Order paid");
  await expect(page).toHaveURL(/\?op=end_/);
  await expect(docs).toContainText("Webhook");
  await expect(page.getByTestId("try-it")).toHaveCount(0);
  await expect(page.getByTestId("reference-servers")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("operation-title")).toHaveText("Order paid");
});

test("a spec with only webhooks is documented", async ({ page }) => {
  test.setTimeout(90_000);
  await importSpec(page, yamlFile("webhooks-only-3.1.yaml"), "2");
  await expect(page.getByTestId("endpoints-empty")).toHaveCount(0);
  await expect(page.getByTestId("reference-nav-item")).toHaveText([/invoiceCreated/, /invoicePaid/]);
  await expect(page.getByTestId("operation-title")).toHaveText("Invoice created");
});

test("a 1,100-operation YAML spec imports whole and its reference is navigable", async ({ page }) => {
  test.setTimeout(240_000);
  const buffer = Buffer.from(largeSpecYaml(1_100), "utf8");
  await importSpec(page, { name: "large.yaml", mimeType: "application/yaml", buffer }, "1100");
  await expect(page.getByTestId("reference-count")).toHaveText("1100 endpoints");
  // Only a window of the list is in the page, however long the spec.
  expect(await page.getByTestId("reference-nav-item").count()).toBeLessThan(80);

  // Filter as you type, then open the match.
  await page.getByTestId("reference-filter").fill("Operation 1099");
  await expect(page.getByTestId("reference-nav-item")).toHaveCount(1);
  await page.getByTestId("reference-nav-item").click();
  await expect(page.getByTestId("operation-title")).toContainText("Operation 1099:");

  // Keyboard: from the filter down into the list, then Enter opens the operation.
  await page.getByTestId("reference-filter").fill("resources7/");
  await page.getByTestId("reference-filter").press("ArrowDown");
  await expect(page.getByTestId("reference-nav-item").first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("reference-nav-item").nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("operation-path")).toHaveText("/resources7/{id}/items");
  await expect(page.getByTestId("operation-title")).toContainText("Operation 36:");

  // Deep link to one operation by its operationId, deep in the list: it is open and shown in the navigation.
  await page.goto(`${new URL(page.url()).pathname}?op=op700`);
  await expect(page.getByTestId("operation-title")).toContainText("Operation 700:");
  await expect(page.locator('[data-testid="reference-nav-item"][aria-current="page"]')).toContainText(
    "/resources140/{id}/items",
  );
});

test("on a phone the navigation is a drawer", async ({ page }) => {
  test.setTimeout(90_000);
  await importSpec(page, yamlFile("reference-3.1.yaml"), "3");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("reference-nav")).toBeHidden();
  await page.getByTestId("reference-drawer-open").click();
  const drawer = page.getByTestId("reference-drawer");
  await drawer.getByTestId("reference-nav-item").filter({ hasText: "/orders/{id}" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId("operation-path")).toHaveText("/orders/{id}");
});
