import type { FastifyRequest } from "fastify";
import type { ZodFastifySchemaValidationError } from "fastify-type-provider-zod";
import { z } from "zod";
import { intlLocale } from "../../core/i18n/intlLocale";
import { message } from "../../core/messages";
import { translate, translateAny } from "./translateMessage";

/** A field of the spec's `errors` map and one message for it. */
export interface FieldMessage {
  field: string;
  message: string;
}

type LocaleError = (issue: z.core.$ZodRawIssue) => string | { message: string } | undefined | null;

// Zod's own wording for the checks our schemas leave unworded ("expected number"), per language.
const zodLocales: Record<string, () => { localeError: LocaleError }> = {
  en: z.locales.en,
  de: z.locales.de,
  nl: z.locales.nl,
  fi: z.locales.fi,
  es: z.locales.es,
  pl: z.locales.pl,
  fr: z.locales.fr,
  ar: z.locales.ar,
  fa: z.locales.fa,
};
const localeErrors = new Map<string, LocaleError>();

function localeErrorFor(language: string): LocaleError {
  const locale = intlLocale(language);
  let localeError = localeErrors.get(locale);
  if (!localeError) {
    localeError = (zodLocales[locale] ?? z.locales.en)().localeError;
    localeErrors.set(locale, localeError);
  }
  return localeError;
}

const fieldName = (path: readonly PropertyKey[]) =>
  path.length === 0 ? "_" : path.map(String).join(".");

type ValidationError = {
  validation: ZodFastifySchemaValidationError[];
  validationContext?: string;
};

function schemaAndInput(request: FastifyRequest, part: string | undefined) {
  const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
  switch (part) {
    case "body":
      return { schema: schemas?.body, input: request.body };
    case "querystring":
      return { schema: schemas?.querystring, input: request.query };
    case "params":
      return { schema: schemas?.params, input: request.params };
    case "headers":
      return { schema: schemas?.headers, input: request.headers };
    default:
      return { schema: undefined, input: undefined };
  }
}

/**
 * The failed validation's messages in `language`. The request part is parsed again with zod's
 * locale for the checks our schemas leave unworded; the worded ones (`issueMessage`, a
 * schema's own `error` wins over the locale's) are said by their catalog key.
 */
export function localizedValidationIssues(
  request: FastifyRequest,
  error: ValidationError,
  language: string,
): FieldMessage[] {
  const { schema, input } = schemaAndInput(request, error.validationContext);
  if (schema instanceof z.ZodType) {
    const localeError = localeErrorFor(language);
    const result = schema.safeParse(input, {
      error: (issue) => {
        const worded = localeError(issue);
        return typeof worded === "string" ? worded : worded?.message;
      },
    });
    if (!result.success) {
      return result.error.issues.map((issue) => ({
        field: fieldName(issue.path),
        message: translateAny(issue.message, language),
      }));
    }
  }
  // Not a zod schema after all: the messages as Fastify reported them.
  return error.validation.map((issue) => ({
    field: fieldName((issue.instancePath ?? "").split("/").filter((part) => part !== "")),
    message: issue.message
      ? translateAny(issue.message, language)
      : translate(message("general.invalidInput"), language),
  }));
}
