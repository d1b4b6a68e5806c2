import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
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

test.describe("agents: MCP and llms.txt", () => {
  test("the API page shows the MCP URL and a configuration per client, and links llms.txt and Markdown", async ({
    page,
  }) => {
    await page.goto("/portico/api/portico-echo/details");
    await waitForHydration(page);
    const panel = page.getByTestId("api-mcp");
    await expect(panel).toContainText("Use with AI agents");
    await expect(panel.getByTestId("mcp-url")).toHaveText(/\/_mcp\/portico\/portico-echo$/);
    await expect(panel.getByTestId("mcp-config")).toContainText('"mcpServers"');
    await expect(panel.getByTestId("mcp-config")).toContainText('"X-Api-Key": "<your key>"');
    await panel.getByTestId("mcp-client-claudeCode").click();
    await expect(panel.getByTestId("mcp-config")).toContainText("claude mcp add --transport http portico-echo");
    await panel.getByTestId("mcp-client-vscode").click();
    await expect(panel.getByTestId("mcp-config")).toContainText('"type": "http"');

    const llms = await page.request.get((await panel.getByTestId("api-llms-link").getAttribute("href")) ?? "/missing");
    expect(llms.status()).toBe(200);
    const text = await llms.text();
    expect(text.startsWith("# Portico Echo")).toBe(true);
    expect(text).toContain("## Operations");
    expect(text).toContain("/_mcp/portico/portico-echo");
    const markdown = await page.request.get("/portico/api/portico-echo/index.md");
    expect(markdown.headers()["content-type"]).toContain("text/markdown");
    expect(await markdown.text()).toContain("## Operations");
    const site = await page.request.get("/llms.txt");
    expect(await site.text()).toContain("(http");
    expect(await site.text()).toMatch(/\n- \[[^\]]+\]\(http[^)]+\/api\/[^)]+\/llms\.txt\)/);
    expect((await page.request.get("/nobody/api/nothing/llms.txt")).status()).toBe(404);
  });

  test("My Apps shows the app MCP URL; the studio hides an operation from MCP and rewords a tool", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, "/developer/dashboard");
    const apps = page.getByTestId("apps-mcp");
    await expect(apps.getByTestId("mcp-url")).toHaveText(/\/_mcp$/);
    await expect(apps.getByTestId("mcp-config")).toContainText("<your key>");

    await page.goto("/studio");
    await page.getByTestId("studio-add-api").click();
    await page.getByLabel("Name").fill(`Agents ${Date.now().toString(36)}`);
    await page.getByLabel("Short description").fill("Books for agents");
    await page.getByTestId("api-form-create-submit").click();
    await expect(page).toHaveURL(/\/studio\/apis\/api_[a-z0-9]+\?created=1$/);
    await page.locator("#field-specFiles").setInputFiles({
      name: "bookshop-v1.openapi-3.0.yaml",
      mimeType: "application/yaml",
      buffer: readFileSync(path.join(FIXTURES, "bookshop-v1.openapi-3.0.yaml")),
    });
    await page.getByTestId("spec-import-submit").click();
    await expect(page.getByTestId("spec-diff")).toContainText("with 5 endpoints", { timeout: 30_000 });
    // The import reloads the page; the panel loads the operations of the new version.
    await page.reload();
    await waitForHydration(page);
    const tools = page.getByTestId("mcp-tools-panel");
    await expect(tools.getByTestId("mcp-operation")).toHaveCount(5);
    const first = tools.getByTestId("mcp-operation").first();
    await first.getByTestId("mcp-offered").uncheck();
    await first.getByTestId("mcp-description").fill("Lists the books for an agent.");
    await first.getByTestId("mcp-save").click();
    await expect(first).toContainText("Saved");
    await page.reload();
    await waitForHydration(page);
    const again = page.getByTestId("mcp-tools-panel").getByTestId("mcp-operation").first();
    await expect(again.getByTestId("mcp-offered")).not.toBeChecked();
    await expect(again.getByTestId("mcp-description")).toHaveValue("Lists the books for an agent.");
  });
});
