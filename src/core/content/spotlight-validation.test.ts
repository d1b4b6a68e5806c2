import { describe, expect, it } from "vitest";
import { isAppError } from "../errors/app-error";
import {
  isAcceptableSpotlightFile,
  SPOTLIGHT_MESSAGES,
  spotlightFileType,
  validateSpotlight,
} from "./spotlight-validation";

const limits = { allowedExtensions: ["png", "jpg", "pdf", "svg", "html"], maxSizeMb: 1 };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isAppError(error) && error.code === "BAD_REQUEST") return error.message;
    throw error;
  }
  return "(accepted)";
}

describe("spotlight validation (spec section 5, word for word)", () => {
  it("requires a title and a URL or file", () => {
    expect(messageOf(() => validateSpotlight({ title: "", url: "https://x.test" }, null, limits))).toBe(
      "Title and Spotlight URL / File are required!",
    );
    expect(messageOf(() => validateSpotlight({ title: "Launch", url: "  " }, null, limits))).toBe(
      "Title and Spotlight URL / File are required!",
    );
    expect(messageOf(() => validateSpotlight({ title: "   " }, { name: "a.png", bytes: PNG }, limits))).toBe(
      SPOTLIGHT_MESSAGES.required,
    );
    // A file kept from before counts.
    expect(validateSpotlight({ title: "Launch" }, null, limits, true).title).toBe("Launch");
  });

  it("refuses URLs that are not http(s) with a host", () => {
    for (const url of ["javascript:alert(1)", "ftp://x.test/a", "http://", "not a url", "data:text/html,hi"]) {
      expect(
        messageOf(() => validateSpotlight({ title: "Launch", url }, null, limits)),
        url,
      ).toBe("The URL is not valid. Please verify.");
    }
    expect(validateSpotlight({ title: "Launch", url: "https://example.com/post?a=1#x" }, null, limits).url).toBe(
      "https://example.com/post?a=1#x",
    );
  });

  it("refuses titles without letters or digits, with control characters, or too long", () => {
    for (const title of ["!!!", "----", "a\u0000b", "x".repeat(101)]) {
      expect(
        messageOf(() => validateSpotlight({ title, url: "https://x.test" }, null, limits)),
        title,
      ).toBe("The title is not valid. Please verify.");
    }
    expect(validateSpotlight({ title: "  Größe 2 ✨ ", url: "https://x.test" }, null, limits).title).toBe("Größe 2 ✨");
  });

  it("refuses files of another type, over the size limit, empty, or whose bytes do not match the extension", () => {
    const cases: Array<[string, Uint8Array]> = [
      ["doc.exe", PNG],
      ["big.png", new Uint8Array(1024 * 1024 + 1).fill(0x89)],
      ["empty.png", new Uint8Array(0)],
      ["page.png", new TextEncoder().encode("<html><script>alert(1)</script>")],
      ["image.svg", new TextEncoder().encode("<svg onload=alert(1)>")],
      ["page.html", new TextEncoder().encode("<p>hi</p>")],
      ["noext", PNG],
    ];
    for (const [name, bytes] of cases) {
      expect(
        messageOf(() => validateSpotlight({ title: "Launch" }, { name, bytes }, limits)),
        name,
      ).toBe("Please verify the file type & size.");
    }
    expect(isAcceptableSpotlightFile({ name: "Shot.PNG", bytes: PNG }, limits)).toBe(true);
    expect(isAcceptableSpotlightFile({ name: "a.pdf", bytes: new TextEncoder().encode("%PDF-1.7\n") }, limits)).toBe(
      true,
    );
  });

  it("checks in the spec's order: required before title before URL before file", () => {
    expect(messageOf(() => validateSpotlight({ title: "!!!", url: "" }, null, limits))).toBe(
      SPOTLIGHT_MESSAGES.required,
    );
    expect(messageOf(() => validateSpotlight({ title: "!!!", url: "bad" }, null, limits))).toBe(
      SPOTLIGHT_MESSAGES.titleInvalid,
    );
  });

  it("serves raster images inline and everything else as a download", () => {
    expect(spotlightFileType("png")).toEqual({ contentType: "image/png", inline: true });
    expect(spotlightFileType("pdf")).toEqual({ contentType: "application/pdf", inline: false });
    expect(spotlightFileType("svg")).toEqual({ contentType: "application/octet-stream", inline: false });
  });
});
