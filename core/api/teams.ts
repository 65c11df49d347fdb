import { z } from "zod";
import { colorField, emailField } from "../accounts/accountSchemas";
import { RESERVED_PAGE_NAMES } from "../accounts/usernameRules";
import { issueMessage } from "../issueMessage";

export const TEAM_ROLES = ["admin", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
const role = z.enum(TEAM_ROLES);

/** `{id}` of /api/teams/{id}. */
export const teamParams = z.object({ id: z.uuid({ error: issueMessage("teams.notFound") }) });

export const teamMemberParams = teamParams.extend({
  userId: z.uuid({ error: issueMessage("teams.memberNotFound") }),
});

export const teamInvitationParams = teamParams.extend({
  invitationId: z.uuid({ error: issueMessage("teams.invitationNotFound") }),
});

export const invitationParams = z.object({
  invitationId: z.uuid({ error: issueMessage("teams.invitationNotFound") }),
});

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role,
});

export const brandColorsSchema = z.object({
  backgroundColor: z.string().nullable(),
  textColor: z.string().nullable(),
  primaryColor: z.string().nullable(),
});

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  colorsLocked: z.boolean(),
  /** The team's brand colours; while locked, its plain members' pages use them. */
  colors: brandColorsSchema,
  role,
  /** Only people who accepted an invitation; pending invitations are listed apart. */
  members: z.array(teamMemberSchema),
});

export const teamListResponseSchema = z.object({ teams: z.array(teamSchema) });

const teamName = z
  .string()
  .trim()
  .min(1, { error: issueMessage("general.required") })
  .max(100);

const TEAM_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** A team's `/{slug}`: it shares the namespace of usernames, route words included. */
const teamSlug = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (RESERVED_PAGE_NAMES.has(value)) {
      ctx.addIssue({ code: "custom", message: issueMessage("fields.linkReserved") });
    } else if (!TEAM_SLUG_PATTERN.test(value)) {
      ctx.addIssue({ code: "custom", message: issueMessage("fields.linkFormat") });
    }
  });

/** `POST /api/teams`; the creator becomes its admin. */
export const teamCreateSchema = z.object({ name: teamName, slug: teamSlug });

/** `PATCH /api/teams/{id}`: rename, set brand colours, lock them. */
export const teamUpdateSchema = z
  .object({
    name: teamName,
    colorsLocked: z.boolean(),
    colors: z
      .object({
        backgroundColor: colorField.nullable(),
        textColor: colorField.nullable(),
        primaryColor: colorField.nullable(),
      })
      .partial()
      .strict(),
  })
  .partial();

/** `POST /api/teams/{id}/members`: an invitation by email. */
export const teamInviteSchema = z.object({ email: emailField, role: role.default("member") });

/** `PATCH /api/teams/{id}/members/{userId}`. */
export const memberRoleSchema = z.object({ role });

/** What an admin sees of an invitation: nothing tells whether the address has an account. */
export const sentInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role,
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const sentInvitationResponseSchema = z.object({ invitation: sentInvitationSchema });

/** A team's unanswered invitations, expired ones included. */
export const teamInvitationListResponseSchema = z.object({
  invitations: z.array(sentInvitationSchema.extend({ expired: z.boolean() })),
});

/** An invitation the signed-in user may answer from the dashboard. */
export const receivedInvitationSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  teamName: z.string(),
  role,
  inviterName: z.string().nullable(),
  expiresAt: z.string(),
});

export const receivedInvitationListResponseSchema = z.object({
  invitations: z.array(receivedInvitationSchema),
});

/** The mailed link's token travels in bodies, never in a URL that logs would keep. */
export const invitationTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** What a mailed invitation link invites to. */
export const invitationPreviewSchema = z.object({
  teamName: z.string(),
  inviterName: z.string().nullable(),
  email: z.string(),
  role,
  expiresAt: z.string(),
});

/** An accepted or declined invitation: the team it was for. */
export const invitationAnswerResponseSchema = z.object({ teamId: z.uuid() });

export type TeamResponse = z.infer<typeof teamSchema>;
export type TeamMemberResponse = z.infer<typeof teamMemberSchema>;
export type BrandColorsResponse = z.infer<typeof brandColorsSchema>;
export type SentInvitationResponse = z.infer<typeof sentInvitationSchema>;
export type ListedInvitationResponse = z.infer<
  typeof teamInvitationListResponseSchema
>["invitations"][number];
export type ReceivedInvitationResponse = z.infer<typeof receivedInvitationSchema>;
export type InvitationPreviewResponse = z.infer<typeof invitationPreviewSchema>;
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;
/** `POST /api/teams/{id}/members`: the invitation sent. */
export type InvitationSentResponse = z.infer<typeof sentInvitationResponseSchema>;
export type TeamInvitationListResponse = z.infer<typeof teamInvitationListResponseSchema>;
export type ReceivedInvitationListResponse = z.infer<typeof receivedInvitationListResponseSchema>;
/** Accepting or declining an invitation: the team it was to. */
export type InvitationAnswerResponse = z.infer<typeof invitationAnswerResponseSchema>;
