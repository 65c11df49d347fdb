// Kept apart from accountSchemas.ts (which builds zod schemas) so forms can import the limits
// without bundling zod.

/** Longest welcome message on a host's profile page, in characters. */
export const WELCOME_MESSAGE_MAX = 300;
