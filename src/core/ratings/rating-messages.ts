// Kept apart from the service so the review form can import the texts and limits without server code.
/** Refusals of ratings and reviews (the spec has no wording for them; these follow its discussion messages' style). */
export const RATING_MESSAGES = {
  starsRange: "Choose a rating from 1 to 5 stars",
  titleTooLong: "Title must be at most 120 characters",
  bodyTooLong: "Review must be at most 5,000 characters",
  titleNeedsBody: "Write a review to go with the title",
  alreadyRated: "You have already rated this API. Edit your rating instead",
  ownApi: "You cannot rate your own API",
  notRated: "You have not rated this API",
  notFound: "Review not found",
  replyRequired: "Write a reply before posting",
  replyTooLong: "Reply must be at most 5,000 characters",
  alreadyReplied: "You have already replied to this review",
  notProvider: "Only the API's provider can reply to its reviews",
  ownReviewVote: "You cannot vote on your own review",
  tooManyWrites: "Too many ratings and replies in the last hour.",
  tooManyVotes: "Too many votes in the last hour.",
} as const;

export const RATING_LIMITS = {
  titleMax: 120,
  bodyMax: 5_000,
  replyMax: 5_000,
  /** Rating writes (rate, edit, delete, reply) per user per hour: plenty for a person, little for a spam script. */
  writesPerHour: 30,
  /** Helpful votes per user per hour. */
  votesPerHour: 120,
} as const;

export const REVIEW_SORTS = ["newest", "helpful", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEWS_PAGE_SIZE = 10;
