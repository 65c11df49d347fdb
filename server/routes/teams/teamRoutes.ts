import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { colorField, emailField } from "../../../core/accounts/accountSchemas";
import { DomainError } from "../../../core/errors";
import {
  teamCreator,
  teamMemberAdder,
  teamMemberRemover,
  teamMemberRoleChanger,
  teamUpdater,
} from "../../commands/teamWriter";
import {
  colorsOfTeams,
  findTeam,
  membersOfTeams,
  roleInTeam,
  type TeamRow,
  teamsOfUser,
} from "../../data/teams";
import type { Db } from "../../db/database";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

const params = z.object({ id: z.uuid({ error: "Team not found." }) });
const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(["admin", "member"]),
});
const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  colorsLocked: z.boolean(),
  /** The team's brand colours; while locked, its plain members' pages use them. */
  colors: z.object({
    backgroundColor: z.string().nullable(),
    textColor: z.string().nullable(),
    primaryColor: z.string().nullable(),
  }),
  role: z.enum(["admin", "member"]),
  members: z.array(memberSchema),
});
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
    const [team, role] = await Promise.all([findTeam(db, teamId), roleInTeam(db, userId, teamId)]);
    if (!team || role === null) throw new DomainError("NOT_FOUND", "Team not found.");
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
        response: { 200: z.object({ teams: z.array(teamSchema) }), ...errorResponses },
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
        body: z.object({
          name: z.string().trim().min(1, { error: "Required" }).max(100),
          slug: z
            .string()
            .trim()
            .toLowerCase()
            .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, {
              error: "Use lowercase letters, digits and dashes.",
            }),
        }),
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
        body: z
          .object({
            name: z.string().trim().min(1, { error: "Required" }).max(100),
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
          .partial(),
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
        summary: "Add a member by email (admins)",
        security: hostSecurity,
        params,
        body: z.object({ email: emailField, role: z.enum(["admin", "member"]).default("member") }),
        response: { 201: teamSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      await teamMemberAdder(db, userId, request.params.id, request.body);
      return reply.status(201).send(await presentOne(userId, request.params.id));
    },
  );

  app.patch(
    "/teams/:id/members/:userId",
    {
      schema: {
        tags,
        summary: "Change a member's role (admins); a team keeps at least one admin",
        security: hostSecurity,
        params: params.extend({ userId: z.uuid({ error: "Member not found." }) }),
        body: z.object({ role: z.enum(["admin", "member"]) }),
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
        summary: "Remove a member (admins)",
        security: hostSecurity,
        params: params.extend({ userId: z.uuid({ error: "Member not found." }) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await teamMemberRemover(db, requireUserId(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
}
