import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  invitationAnswerResponseSchema,
  invitationParams,
  invitationPreviewSchema,
  invitationTokenSchema,
  receivedInvitationListResponseSchema,
} from "../../../core/api/teams";
import { type InvitationRef, teamInvitationAnswerer } from "../../commands/teamInvitationAnswerer";
import { invitationWithTeam, pendingInvitationsOfUser } from "../../data/teams";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { assertAnswerable } from "../../policies/teamInvitations";
import { invitationByToken } from "../../teams/invitationTokens";
import { errorResponses, errorSchema } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

const tokenBody = invitationTokenSchema;
const answered = { 200: invitationAnswerResponseSchema, 410: errorSchema, ...errorResponses };

/** The invited person's side of team invitations: see them, accept or decline them. */
export async function invitationRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["teams"];

  app.get(
    "/me/invitations",
    {
      schema: {
        tags,
        summary: "Team invitations the signed-in user may answer here",
        description:
          "Unexpired, unanswered invitations to the account's address once it is verified (or to the account itself). Otherwise the mailed link answers them.",
        security: hostSecurity,
        response: { 200: receivedInvitationListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await pendingInvitationsOfUser(db, requireUserId(request), deps.clock());
      return {
        invitations: rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() })),
      };
    },
  );

  app.post(
    "/invitations/by-token",
    {
      schema: {
        tags,
        summary: "What a mailed invitation link invites to (no sign-in needed)",
        body: tokenBody,
        response: { 200: invitationPreviewSchema, 410: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = deps.clock();
      const invitation = await invitationByToken(db, request.body.token);
      const found = invitation ? await invitationWithTeam(db, invitation.id) : null;
      const row = assertAnswerable(found?.invitation ?? null, now);
      return {
        teamName: found!.teamName,
        inviterName: found!.inviterName,
        email: row.email,
        role: row.role,
        expiresAt: row.expiresAt.toISOString(),
      };
    },
  );

  const answerRoute = (answer: "accept" | "decline") => {
    app.post(
      `/invitations/by-token/${answer}`,
      {
        schema: {
          tags,
          summary:
            answer === "accept"
              ? "Accept an invitation with the mailed link's token, signed in with the invited address"
              : "Decline an invitation with the mailed link's token (no sign-in needed)",
          security: answer === "accept" ? hostSecurity : undefined,
          body: tokenBody,
          response: answered,
        },
      },
      async (request) => {
        const userId =
          answer === "accept" ? requireUserId(request) : (request.auth?.userId ?? null);
        const ref: InvitationRef = { token: request.body.token };
        return { teamId: await teamInvitationAnswerer(db, userId, ref, answer, deps.clock()) };
      },
    );
    app.post(
      `/invitations/:invitationId/${answer}`,
      {
        schema: {
          tags,
          summary:
            answer === "accept"
              ? "Accept an invitation from the dashboard"
              : "Decline an invitation from the dashboard",
          security: hostSecurity,
          params: invitationParams,
          response: answered,
        },
      },
      async (request) => {
        const ref: InvitationRef = { invitationId: request.params.invitationId };
        const userId = requireUserId(request);
        return { teamId: await teamInvitationAnswerer(db, userId, ref, answer, deps.clock()) };
      },
    );
  };
  answerRoute("accept");
  answerRoute("decline");
}
