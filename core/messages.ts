/**
 * Every message the API can say, as a catalog key with the names of its parameters. The texts
 * live in the `errors` catalogs (server/locales/<language>/errors.json, plural forms as
 * `key_one`, `key_other`); code names a message by key, never by its English wording, so
 * rewording a text cannot break its translations. `messageTable.test.ts` keeps this table and
 * every catalog in step.
 */
export const MESSAGE_PARAMS = {
  "general.invalidInput": [],
  "general.required": [],
  "general.tooLong": [],
  "general.alreadyExists": [],
  "general.somethingWentWrong": [],
  "general.tooManyRequests": [],
  "general.busy": [],
  "general.noRoute": ["method", "path"],
  "general.invalidJson": [],
  "general.emptyJsonBody": [],
  "general.unsupportedMediaType": ["type"],
  "general.bodyTooLarge": [],
  "general.useTrueOrFalse": [],
  "general.unsafeText": [],
  "general.dataRejected": [],
  "general.badUrl": [],
  "fields.invalidEmail": [],
  "fields.invalidUrl": [],
  "fields.invalidPhone": [],
  "fields.selectOption": [],
  "fields.invalidAnswer": [],
  "fields.atMostCharacters": ["count"],
  "fields.atLeastCharacters": ["count"],
  "fields.atMostGuests": ["count"],
  "fields.colour": [],
  "fields.pixelId": [],
  "fields.usernameFormat": [],
  "fields.usernameReserved": [],
  "fields.usernameTaken": [],
  "fields.emailRegistered": [],
  "fields.linkFormat": [],
  "fields.idFormat": [],
  "fields.linkInUse": [],
  "fields.enterAddress": [],
  "fields.enterLocation": [],
  "time.chooseTime": [],
  "time.invalidStart": [],
  "time.invalidInstant": [],
  "time.expectedIsoInstant": [],
  "time.expectedEpochInstant": [],
  "time.unknownTimeZone": [],
  "time.unknownNamedTimeZone": ["zone"],
  "time.invalidTime": ["time"],
  "time.invalidDate": ["date"],
  "time.expectedTime": [],
  "time.expectedDate": [],
  "time.useStartTime": [],
  "time.useEndTime": [],
  "time.useDate": [],
  "time.useExistingDate": [],
  "time.useDateOrInstant": [],
  "time.useDateBetween": ["earliest", "latest"],
  "time.endBeforeStartDate": [],
  "time.windowTooLong": ["count"],
  "time.windowEndsBeforeStart": [],
  "time.expectedMinutes": [],
  "time.expectedPositiveMinutes": [],
  "time.expectedNonNegativeMinutes": [],
  "time.expectedNonNegativeDays": [],
  "time.expectedNonNegativeNumber": [],
  "schedules.endAfterStart": [],
  "schedules.rangeEndsBeforeStart": ["range"],
  "schedules.rangesOverlap": [],
  "schedules.oneOverridePerDate": [],
  "schedules.notFound": [],
  "schedules.keepDefault": [],
  "eventTypes.notFound": [],
  "eventTypes.notAvailable": [],
  "eventTypes.noHosts": [],
  "eventTypes.durationsRange": ["max", "min"],
  "eventTypes.durationNotOffered": [],
  "eventTypes.chooseOfferedDuration": ["choices"],
  "eventTypes.defaultDurationInChoices": [],
  "eventTypes.eachDurationOnce": [],
  "eventTypes.addOption": [],
  "eventTypes.addHost": [],
  "eventTypes.addTwoHosts": [],
  "eventTypes.eachHostOnce": [],
  "eventTypes.hostAppearsOnce": [],
  "eventTypes.hostNeeded": [],
  "eventTypes.exactlyOneHost": ["kind"],
  "eventTypes.expectedKind": ["kinds"],
  "eventTypes.groupSeats": [],
  "eventTypes.groupSeatsWhole": [],
  "eventTypes.onlyGroupSeats": [],
  "eventTypes.teamTypeNeedsTeam": [],
  "eventTypes.onlyTeamKinds": [],
  "eventTypes.addHostGroup": [],
  "eventTypes.flexiNeedsGroups": [],
  "eventTypes.hostGroupNeedsHost": [],
  "eventTypes.hostGroupEmpty": ["group"],
  "eventTypes.hostGroupUnknownHost": ["group"],
  "eventTypes.unknownHost": ["host"],
  "eventTypes.hostInOneGroup": [],
  "eventTypes.onlyFlexiGroups": [],
  "eventTypes.hostsAreMembers": [],
  "eventTypes.cannotMoveOwner": [],
  "eventTypes.onlyTeamAdmins": [],
  "eventTypes.hasUpcomingBookings": [],
  "eventTypes.invalidAvailabilityInput": ["fields"],
  "booking.sendLinks": [],
  "booking.sendAttendeeOrEvent": [],
  "booking.slotTaken": [],
  "booking.notFound": [],
  "booking.eventNotFound": [],
  "booking.attendeeNotFound": [],
  "booking.attendeeNotInEvent": [],
  "booking.bookingCancelled": [],
  "booking.eventCancelled": [],
  "booking.alreadyCancelled": [],
  "booking.alreadyStarted": [],
  "booking.changedMeanwhile": [],
  "booking.linkNotValid": [],
  "booking.chooseDifferentTime": [],
  "booking.hostNotInEventType": [],
  "booking.hostNotInEvent": [],
  "booking.notAHost": [],
  "booking.alreadyHosts": [],
  "booking.onlyRoundRobinMoves": [],
  "booking.onlyPendingDeleted": [],
  "booking.statusFilter": [],
  "booking.singleUseMissing": [],
  "booking.singleUseUsed": [],
  "booking.linkNotFound": [],
  "booking.linkUsed": [],
  "booking.idempotencyKeyFormat": [],
  "booking.idempotencyKeyReused": [],
  "booking.idempotencyKeyInProgress": [],
  "booking.paymentsNotConfigured": [],
  "emailCode.enterCode": [],
  "emailCode.wrongCode": [],
  "emailCode.expired": [],
  "emailCode.used": [],
  "emailCode.waitSeconds": ["count"],
  "emailCode.tooMany": [],
  "auth.signIn": [],
  "auth.bearerHeader": [],
  "auth.invalidToken": [],
  "auth.csrf": [],
  "auth.wrongCredentials": [],
  "auth.wrongPassword": [],
  "auth.throttled": ["count"],
  "auth.resetLinkInvalid": [],
  "auth.resetRequested": [],
  "auth.userNotFound": [],
  "auth.tokenNotFound": [],
  "auth.tooManyTokens": ["count"],
  "profile.pageNotFound": [],
  "profile.colorsLocked": [],
  "teams.notFound": [],
  "teams.memberNotFound": [],
  "teams.onlyAdmins": [],
  "teams.needsAdmin": [],
  "teams.linkInUse": [],
  "teams.alreadyMember": [],
  "teams.invitationNotFound": [],
  "teams.invitationGone": [],
  "teams.invitationOtherEmail": [],
  "uploads.chooseFile": [],
  "uploads.notFound": [],
  "uploads.imageTooLarge": [],
  "uploads.videoTooLarge": [],
  "uploads.invalidFileType": [],
  "uploads.invalidVideoFileType": [],
  "uploads.unreadable": [],
  "account.linkInvalid": [],
  "account.sameEmail": [],
  "account.alreadyVerified": [],
  "account.emailChangeRequested": [],
  "account.verificationSent": ["email"],
} as const satisfies Record<string, readonly string[]>;

export type MessageKey = keyof typeof MESSAGE_PARAMS;

// Counts pick the plural form; the other parameters are shown as they are.
type NumericParam = "count" | "min" | "max";

/** The parameters `key` needs, typed: `count` for `fields.atMostCharacters`, none for most. */
export type MessageParams<K extends MessageKey> = {
  [P in (typeof MESSAGE_PARAMS)[K][number]]: P extends NumericParam ? number : string;
};

/** A message: its key and its parameters, translated where it is shown. */
export type Message = {
  [K in MessageKey]: { readonly key: K; readonly params: MessageParams<K> };
}[MessageKey];

type ParamsArgument<K extends MessageKey> = keyof MessageParams<K> extends never
  ? []
  : [params: MessageParams<K>];

/** The message `key` with its parameters; a wrong key or a missing parameter is a type error. */
export function message<K extends MessageKey>(key: K, ...params: ParamsArgument<K>): Message {
  return { key, params: params[0] ?? {} } as Message;
}

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGE_PARAMS, key);

// Zod issues carry their message as a string, so a schema's message travels as this encoding
// of key and parameters; `decodeMessage` reads it back. Zod's own wording (checks a schema
// leaves unworded) does not start with the marker and stays as zod said it.
const MARKER = "\u2063msg:";

/** `message(key, params)` as a zod issue message: `z.string().max(9, issueMessage(...))`. */
export function issueMessage<K extends MessageKey>(key: K, ...params: ParamsArgument<K>): string {
  const given = params[0];
  return given === undefined ? `${MARKER}${key}` : `${MARKER}${key}${JSON.stringify(given)}`;
}

/** The message an `issueMessage` string encodes, or null for any other text. */
export function decodeMessage(text: string): Message | null {
  if (!text.startsWith(MARKER)) return null;
  const rest = text.slice(MARKER.length);
  const brace = rest.indexOf("{");
  const key = brace === -1 ? rest : rest.slice(0, brace);
  if (!isMessageKey(key)) return null;
  const params = brace === -1 ? {} : (JSON.parse(rest.slice(brace)) as Record<string, unknown>);
  return { key, params } as Message;
}
