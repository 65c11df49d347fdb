import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  memberRoleSchema,
  sentInvitationResponseSchema,
  teamCreateSchema,
  teamInvitationListResponseSchema,
  teamInvitationParams,
  teamInviteSchema,
  teamListResponseSchema,
  teamMemberParams,
  teamParams,
  teamSchema,
  teamUpdateSchema,
} from "../../../core/api/teams";
import { teamCreator } from "../../commands/teamCreator";
import { teamInvitationRevoker } from "../../commands/teamInvitationRevoker";
import { type SentInvitation, teamInviter } from "../../commands/teamInviter";
import { teamLeaver } from "../../commands/teamLeaver";
import { teamMemberRemover } from "../../commands/teamMemberRemover";
import { teamMemberRoleChanger } from "../../commands/teamMemberRoleChanger";
import { teamUpdater } from "../../commands/teamUpdater";
import {
  colorsOfTeams,
  membersOfTeams,
  openInvitationsOfTeam,
  type TeamRow,
  teamsOfUser,
} from "../../data/teams";
import type { Db } from "../../db/database";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { assertTeamAdmin, assertTeamMember } from "../../policies/teams";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { invitationRoutes } from "./invitationRoutes";

const params = teamParams;

function presentInvitation(row: SentInvitation) {
  return { ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}
const noColors = { backgroundColor: null, textColor: null, primaryColor: null };

async function presentTeams(db: Db, rows: { team: TeamRow; role: "admin" | "member" }[]) {
  const ids = rows.map((r) => r.team.id);
  const [members, colors] = await Promise.all([membersOfTeams(db, ids), colorsOfTeams(db, ids)]);
  return rows.map(({ team, role }) => ({
    id: team.id,
    name: team.name,
    slug: team.slug,
    colorsLocked: team.colorsLocked,
    colors: colors.get(team.id) ?? noColors,
    role,
    members: members
      .filter((m) => m.teamId === team.id)
      .map(({ teamId: _teamId, ...member }) => member),
  }));
}

export async function teamRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["teams"];

  async function presentOne(userId: string, teamId: string) {
    const { team, role } = await assertTeamMember(db, userId, teamId);
    const [presented] = await presentTeams(db, [{ team, role }]);
    return presented!;
  }

  app.get(
    "/teams",
    {
      schema: {
        tags,
        summary: "Teams the host belongs to, with members",
        security: hostSecurity,
        response: { 200: teamListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      teams: await presentTeams(db, await teamsOfUser(db, requireUserId(request))),
    }),
  );

  app.post(
    "/teams",
    {
      schema: {
        tags,
        summary: "Create a team; the creator becomes its admin",
        security: hostSecurity,
        body: teamCreateSchema,
        response: { 201: teamSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const team = await teamCreator(db, userId, request.body);
      return reply.status(201).send(await presentOne(userId, team.id));
    },
  );

  app.get(
    "/teams/:id",
    {
      schema: {
        tags,
        summary: "One team",
        security: hostSecurity,
        params,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => presentOne(requireUserId(request), request.params.id),
  );

  app.patch(
    "/teams/:id",
    {
      schema: {
        tags,
        summary: "Rename a team, set its brand colours or lock them for its members (admins)",
        security: hostSecurity,
        params,
        body: teamUpdateSchema,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await teamUpdater(db, userId, request.params.id, request.body);
      return presentOne(userId, request.params.id);
    },
  );

  app.post(
    "/teams/:id/members",
    {
      schema: {
        tags,
        summary:
          "Invite someone by email to join (admins with a verified email address); they become a member when they accept",
        description:
          "Sends an invitation mail with a link that works once for 7 days; a new invitation to the same address replaces the unanswered one. Answers alike whether or not the address has a Slotted account.",
        security: hostSecurity,
        params,
        body: teamInviteSchema,
        response: { 201: sentInvitationResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const invitation = await teamInviter(
        db,
        userId,
        request.params.id,
        request.body,
        deps.config.publicUrl,
        deps.clock(),
      );
      return reply.status(201).send({ invitation: presentInvitation(invitation) });
    },
  );

  app.get(
    "/teams/:id/invitations",
    {
      schema: {
        tags,
        summary: "Invitations waiting for an answer, expired ones included (admins)",
        security: hostSecurity,
        params,
        response: { 200: teamInvitationListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await assertTeamAdmin(db, requireUserId(request), request.params.id);
      const now = deps.clock();
      const rows = await openInvitationsOfTeam(db, request.params.id);
      return {
        invitations: rows.map((row) => ({
          ...presentInvitation(row),
          expired: row.expiresAt <= now,
        })),
      };
    },
  );

  app.delete(
    "/teams/:id/invitations/:invitationId",
    {
      schema: {
        tags,
        summary: "Withdraw an invitation (admins); its link stops working",
        security: hostSecurity,
        params: teamInvitationParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await teamInvitationRevoker(db, requireUserId(request), id, invitationId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/teams/:id/members/me",
    {
      schema: {
        tags,
        summary: "Leave a team; its last admin must make someone else admin first",
        description:
          "Takes the caller off the team's event types too; meetings already booked stay.",
        security: hostSecurity,
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await teamLeaver(db, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/teams/:id/members/:userId",
    {
      schema: {
        tags,
        summary: "Change a member's role (admins); a team keeps at least one admin",
        security: hostSecurity,
        params: teamMemberParams,
        body: memberRoleSchema,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { id, userId: memberId } = request.params;
      await teamMemberRoleChanger(db, userId, id, memberId, request.body.role);
      return presentOne(userId, id);
    },
  );

  app.delete(
    "/teams/:id/members/:userId",
    {
      schema: {
        tags,
        summary: "Remove a member (admins); takes them off the team's event types",
        security: hostSecurity,
        params: teamMemberParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await teamMemberRemover(db, requireUserId(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  await invitationRoutes(base, { deps });
}
