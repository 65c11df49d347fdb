import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { isSupportedDate, UNSUPPORTED_DATE_MESSAGE } from "../validation/supportedDates";

/** `{id}` of /api/out-of-office/{id}. */
export const outOfOfficeParams = z.object({
  id: z.uuid({ error: issueMessage("outOfOffice.notFound") }),
});

const dateField = z.string().refine(isSupportedDate, { error: UNSUPPORTED_DATE_MESSAGE });

/** The fields of a period as written; on PATCH each may be left out. */
const periodFields = {
  /** First day away, `yyyy-MM-dd` in the host's schedule zone. */
  startDate: dateField,
  /** Last day away, inclusive. */
  endDate: dateField,
  /** Shown to invitees on the booking page; "" for none. */
  note: z.string().trim().max(500).default(""),
  /** A fellow member of one of the host's teams whose page invitees are offered; null for none. */
  colleagueId: z
    .uuid({ error: issueMessage("outOfOffice.colleagueNotAllowed") })
    .nullable()
    .default(null),
};

const endNotBeforeStart = {
  path: ["endDate"],
  error: issueMessage("time.endBeforeStartDate"),
};

export const outOfOfficeCreateSchema = z
  .object(periodFields)
  .strict()
  .refine((period) => period.endDate >= period.startDate, endNotBeforeStart);

export const outOfOfficeUpdateSchema = z
  .object({
    startDate: periodFields.startDate.optional(),
    endDate: periodFields.endDate.optional(),
    note: z.string().trim().max(500).optional(),
    colleagueId: z
      .uuid({ error: issueMessage("outOfOffice.colleagueNotAllowed") })
      .nullable()
      .optional(),
  })
  .strict();

/** A colleague as the host sees them. */
export const outOfOfficeColleagueSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string(),
});

export const outOfOfficeSchema = z.object({
  id: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  note: z.string(),
  colleague: outOfOfficeColleagueSchema.nullable(),
  createdAt: z.string(),
});

export const outOfOfficeListResponseSchema = z.object({
  periods: z.array(outOfOfficeSchema),
  /** Who the host may name: verified fellow members of their teams. */
  colleagues: z.array(outOfOfficeColleagueSchema),
});

export type OutOfOfficeCreate = z.input<typeof outOfOfficeCreateSchema>;
export type OutOfOfficeUpdate = z.input<typeof outOfOfficeUpdateSchema>;
export type OutOfOfficeResponse = z.infer<typeof outOfOfficeSchema>;
export type OutOfOfficeColleague = z.infer<typeof outOfOfficeColleagueSchema>;
export type OutOfOfficeListResponse = z.infer<typeof outOfOfficeListResponseSchema>;
