import { describe, expect, it } from "vitest";
import { featuresFromText, featuresToText, resourcesFromText, resourcesToText } from "./about-lists";

describe("About lists typed one per line", () => {
  it("reads resources as a title then a link, and writes them back the same way", () => {
    const text =
      "Getting started https://docs.example.com/start\nhttps://status.example.com\n\n  Changelog: https://x.example/changes ";
    const resources = resourcesFromText(text);
    expect(resources).toEqual([
      { title: "Getting started", url: "https://docs.example.com/start" },
      { title: "https://status.example.com", url: "https://status.example.com" },
      { title: "Changelog", url: "https://x.example/changes" },
    ]);
    expect(resourcesFromText(resourcesToText(resources))).toEqual(resources);
  });

  it("keeps features line by line", () => {
    expect(featuresFromText("a\r\nb")).toEqual(["a", "b"]);
    expect(featuresToText(["a", "b"])).toBe("a\nb");
  });
});
