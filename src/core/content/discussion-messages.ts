// Kept apart from the service so the discussion form can import the texts without server code.
/** Spec section 5, word for word. */
export const DISCUSSION_MESSAGES = {
  required: "Title and body required in order to post a new discussion",
  commentRequired: "Write a comment before posting",
  titleTooLong: "Title must be at most 200 characters",
  bodyTooLong: "Body must be at most 20,000 characters",
  notFound: "Discussion not found",
  answerForbidden: "Only the discussion's author or the API's provider can mark the answer",
  replyNotFound: "Reply not found in this discussion",
} as const;
