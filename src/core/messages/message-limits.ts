/** Contact message limits (decision 086); import-free, so the form in the browser can read them. */
export const MESSAGE_LIMITS = { subject: 150, body: 5_000 } as const;
