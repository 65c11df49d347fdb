import { z } from "zod";
import { emailField } from "../accounts/accountSchemas";

/** The body of `POST /api/host-invitations`: the address the owner invites to sign up. */
export const hostInvitationRequestSchema = z.object({ email: emailField });

/** An unanswered invitation to sign up as a host. */
export const hostInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

/**
 * The invitation made, and its sign-up link: the owner may pass it on themselves (a server
 * that sends no mail); it is shown only now, the server keeps only its hash.
 */
export const hostInvitationResponseSchema = z.object({
  invitation: hostInvitationSchema,
  url: z.string(),
});
export const hostInvitationListResponseSchema = z.object({
  invitations: z.array(hostInvitationSchema),
});
export const hostInvitationParams = z.object({ id: z.uuid() });

export type HostInvitation = z.infer<typeof hostInvitationSchema>;
export type HostInvitationRequest = z.infer<typeof hostInvitationRequestSchema>;
export type HostInvitationResponse = z.infer<typeof hostInvitationResponseSchema>;
export type HostInvitationListResponse = z.infer<typeof hostInvitationListResponseSchema>;
