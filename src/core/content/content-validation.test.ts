import { describe, expect, it } from "vitest";
import { parseInput } from "../accounts/validation";
import { isAppError } from "../errors/app-error";
import { DISCUSSION_MESSAGES, validateNewDiscussion } from "./discussions.service";
import { tutorialInputSchema } from "./tutorial-validation";

function failure(run: () => unknown): { message: string; fields: unknown } {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { message: error.message, fields: error.details?.fields };
    throw error;
  }
  return { message: "(accepted)", fields: null };
}

describe("new discussion validation (spec section 5)", () => {
  it("needs both a title and a body, with the spec's message", () => {
    for (const input of [{ title: "", body: "x" }, { title: "Q", body: "  " }, {}, { title: 3, body: null }]) {
      expect(failure(() => validateNewDiscussion(input)).message).toBe(
        "Title and body required in order to post a new discussion",
      );
    }
    expect(validateNewDiscussion({ title: " How? ", body: " Like this " })).toEqual({
      title: "How?",
      body: "Like this",
    });
    expect(failure(() => validateNewDiscussion({ title: "x".repeat(201), body: "b" })).message).toBe(
      DISCUSSION_MESSAGES.titleTooLong,
    );
  });
});

describe("tutorial validation", () => {
  it("accepts a missing thumbnail and refuses an invalid one with the URL message", () => {
    expect(parseInput(tutorialInputSchema, { title: "T", body: "b", thumbnailUrl: "" }).thumbnailUrl).toBeNull();
    expect(parseInput(tutorialInputSchema, { title: "T", body: "b" }).draft).toBe(true);
    expect(
      failure(() => parseInput(tutorialInputSchema, { title: "T", body: "b", thumbnailUrl: "javascript:x" })),
    ).toEqual({
      message: "The URL is not valid. Please verify.",
      fields: { thumbnailUrl: "The URL is not valid. Please verify." },
    });
  });

  it("requires a title and a body", () => {
    expect(failure(() => parseInput(tutorialInputSchema, { title: "  ", body: "b" })).fields).toEqual({
      title: "Title is required",
    });
    expect(failure(() => parseInput(tutorialInputSchema, { title: "T", body: "\n" })).fields).toEqual({
      body: "Body is required",
    });
  });
});
