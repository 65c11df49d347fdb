import { z } from "zod";
import type { TwilioConfig } from "../config";
import type { ProviderSendResult, SmsProvider, SmsStatus } from "./smsProvider";
import { twilioSignatureValid } from "./twilioSignature";

// Twilio's Messages API spoken with fetch: the official SDK has no base-URL option (its
// maintainers point at replacing its HTTP client instead), and one form POST does not need it.

const messageResponse = z.object({
  sid: z.string().min(1),
  status: z.string(),
  num_segments: z.union([z.string(), z.number()]).nullish(),
});

const errorResponse = z.object({
  code: z.number().nullish(),
  message: z.string().nullish(),
  status: z.number().nullish(),
});

/** Twilio's error codes for a number that cannot take texts. */
const INVALID_NUMBER = new Set([21211, 21214, 21217, 21401, 21407, 21421, 21614]);
/** The recipient replied STOP to this sender (Twilio refuses until they send START). */
const OPTED_OUT = 21610;
const REQUEST_TIMEOUT_MS = 15_000;

/** Maps Twilio's message statuses onto Slotted's. */
export function twilioStatus(status: string): SmsStatus | null {
  switch (status) {
    case "accepted":
    case "scheduled":
    case "queued":
    case "sending":
      return "queued";
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
      return "undelivered";
    case "failed":
    case "canceled":
      return "failed";
    default:
      return null;
  }
}

/** Twilio's error code as a refusal kind; `permanent` when sending again cannot help. */
export function classifyTwilioError(
  httpStatus: number,
  code: number | null,
): { kind: "invalid_number" | "opted_out" | "error"; permanent: boolean } {
  if (code === OPTED_OUT) return { kind: "opted_out", permanent: true };
  if (code !== null && INVALID_NUMBER.has(code)) return { kind: "invalid_number", permanent: true };
  // Too many requests, Twilio's own faults and a wrong token (fixed by the admin) pass.
  if (httpStatus === 429 || httpStatus >= 500 || httpStatus === 401 || httpStatus === 403) {
    return { kind: "error", permanent: false };
  }
  return { kind: "error", permanent: true };
}

export function createTwilioProvider(
  config: TwilioConfig,
  fetchImpl: typeof fetch = fetch,
): SmsProvider {
  const endpoint = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send(message): Promise<ProviderSendResult> {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      if (config.from.startsWith("MG")) form.set("MessagingServiceSid", config.from);
      else form.set("From", config.from);
      form.set("StatusCallback", message.statusCallbackUrl);
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: form.toString(),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        return {
          ok: false,
          kind: "error",
          permanent: false,
          code: null,
          message: `Twilio could not be reached: ${(error as Error).message}`,
        };
      }
      const json: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const parsed = messageResponse.safeParse(json);
        if (!parsed.success) {
          // Twilio took it but answered in an unknown shape: not resent, or it could go twice.
          return {
            ok: false,
            kind: "error",
            permanent: true,
            code: null,
            message: `Twilio answered ${response.status} with an unexpected body`,
          };
        }
        const segments = Number(parsed.data.num_segments);
        return {
          ok: true,
          providerId: parsed.data.sid,
          status: twilioStatus(parsed.data.status) ?? "queued",
          segments: Number.isInteger(segments) && segments > 0 ? segments : null,
        };
      }
      const parsed = errorResponse.safeParse(json);
      const code = parsed.success ? (parsed.data.code ?? null) : null;
      const text = parsed.success ? parsed.data.message : null;
      return {
        ...classifyTwilioError(response.status, code),
        ok: false,
        code,
        message: `Twilio ${response.status}${code === null ? "" : ` (${code})`}: ${text ?? "no message"}`,
      };
    },
    verifyCallback(url, params, signature) {
      return twilioSignatureValid(config.authToken, url, params, signature);
    },
  };
}
