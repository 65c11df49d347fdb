import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { countSmsSegments } from "../../../core/sms/segments";
import { twilioSignature } from "../twilioSignature";

/**
 * A loopback stand-in for Twilio's Messages API, for TWILIO_API_URL: form-encoded
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` with basic auth, answering as Twilio does
 * (201 with the message resource; 401 code 20003, 400 code 21211 for a number that is not one,
 * 21610 for a recipient who replied STOP, 21602 for an empty body); faults are injected with
 * `failNext`; `GET …/Messages.json?To=` lists what was sent, newest first, so a browser test
 * in another process can read a texted code. It builds, and posts, the signed callbacks Twilio sends: status changes to the
 * message's StatusCallback and inbound messages (with Advanced Opt-Out's OptOutType) to the
 * number's webhook.
 */

export const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
export const AUTH_TOKEN = "double-auth-token-0123456789abcdef";
export const FROM = "+15005550006";

export interface DoubleMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  segments: number;
  status: string;
}

export interface Callback {
  url: string;
  form: Record<string, string>;
  headers: Record<string, string>;
}

export interface TwilioDouble {
  /** TWILIO_API_URL. */
  url: string;
  messages: DoubleMessage[];
  /** Numbers Twilio refuses with 21610 (they replied STOP and not START since). */
  optedOut: Set<string>;
  /** The next `count` sends answer `status` (429 with code 20429, 5xx with 20500). */
  failNext(count: number, status: number): void;
  /** A signed status callback for message `sid` reaching `status` (and an error code). */
  statusCallback(sid: string, status: string, errorCode?: number): Callback;
  /**
   * A signed inbound message from `from` to `to` (Twilio's number), posted to `url`; a STOP or
   * START keyword also changes `optedOut` and carries OptOutType, as Advanced Opt-Out does.
   */
  inbound(url: string, from: string, body: string, to?: string): Callback;
  /** Posts a callback over HTTP: its status code. */
  post(callback: Callback): Promise<number>;
  stop(): Promise<void>;
}

const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"];
const START_WORDS = ["START", "YES", "UNSTOP"];
const HELP_WORDS = ["HELP", "INFO"];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  json(response, status, {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

export async function startTwilioDouble(
  options: { accountSid?: string; authToken?: string; from?: string } = {},
): Promise<TwilioDouble> {
  const accountSid = options.accountSid ?? ACCOUNT_SID;
  const authToken = options.authToken ?? AUTH_TOKEN;
  const ownNumber = options.from ?? FROM;
  const messages: DoubleMessage[] = [];
  const optedOut = new Set<string>();
  const failures: number[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

  function signed(url: string, form: Record<string, string>): Callback {
    return {
      url,
      form,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSignature(authToken, url, form),
      },
    };
  }

  async function create(request: IncomingMessage, response: ServerResponse) {
    if (request.headers.authorization !== expectedAuth) {
      return twilioError(response, 401, 20003, "Authenticate");
    }
    if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
      return twilioError(response, 400, 20001, "Unsupported content type");
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      return failure === 429
        ? twilioError(response, 429, 20429, "Too Many Requests")
        : twilioError(response, failure, 20500, "Internal Server Error");
    }
    const form = new URLSearchParams(await readBody(request));
    const to = form.get("To") ?? "";
    const body = form.get("Body") ?? "";
    const from = form.get("From") ?? form.get("MessagingServiceSid") ?? "";
    if (from === "") return twilioError(response, 400, 21603, "A 'From' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return twilioError(response, 400, 21211, `Invalid 'To' Phone Number: ${to}`);
    }
    if (body === "") return twilioError(response, 400, 21602, "Message body is required.");
    if (optedOut.has(to)) {
      return twilioError(response, 400, 21610, "Attempt to send to unsubscribed recipient");
    }
    const message: DoubleMessage = {
      sid: sid("SM"),
      to,
      from,
      body,
      statusCallback: form.get("StatusCallback"),
      segments: countSmsSegments(body).segments,
      status: "queued",
    };
    messages.push(message);
    json(response, 201, {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body,
      date_created: new Date(0).toUTCString(),
      date_sent: null,
      date_updated: new Date(0).toUTCString(),
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: from.startsWith("MG") ? null : from,
      messaging_service_sid: from.startsWith("MG") ? from : null,
      num_media: "0",
      num_segments: String(message.segments),
      price: null,
      price_unit: "USD",
      sid: message.sid,
      status: "queued",
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    });
  }

  /** Twilio's message resource as its list endpoint shows it. */
  const resource = (message: DoubleMessage) => ({
    account_sid: accountSid,
    body: message.body,
    direction: "outbound-api",
    from: message.from,
    num_segments: String(message.segments),
    sid: message.sid,
    status: message.status,
    to: message.to,
  });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://double");
    const path = url.pathname;
    const messagesPath = `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    if (request.method === "GET" && path === messagesPath) {
      // Read Multiple Message Resources, newest first, filtered by To as Twilio's is.
      if (request.headers.authorization !== expectedAuth) {
        return twilioError(response, 401, 20003, "Authenticate");
      }
      const to = url.searchParams.get("To");
      const found = [...messages].reverse().filter((m) => to === null || m.to === to);
      return json(response, 200, { messages: found.map(resource), page: 0 });
    }
    if (request.method === "POST" && path === messagesPath) {
      create(request, response).catch((error: unknown) => {
        if (!response.headersSent) twilioError(response, 500, 20500, String(error));
      });
      return;
    }
    twilioError(response, 404, 20404, "The requested resource was not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    optedOut,
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    statusCallback(messageSid, status, errorCode) {
      const message = messages.find((m) => m.sid === messageSid);
      if (!message?.statusCallback) throw new Error(`no message ${messageSid} with a callback`);
      message.status = status;
      return signed(message.statusCallback, {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        From: message.from,
        MessageSid: message.sid,
        MessageStatus: status,
        SmsSid: message.sid,
        SmsStatus: status,
        To: message.to,
        ...(errorCode === undefined ? {} : { ErrorCode: String(errorCode) }),
      });
    },
    inbound(url, from, body, to = ownNumber) {
      const word = body.trim().toUpperCase();
      const optOutType = STOP_WORDS.includes(word)
        ? "STOP"
        : START_WORDS.includes(word)
          ? "START"
          : HELP_WORDS.includes(word)
            ? "HELP"
            : null;
      if (optOutType === "STOP") optedOut.add(from);
      if (optOutType === "START") optedOut.delete(from);
      const messageSid = sid("SM");
      return signed(url, {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        Body: body,
        From: from,
        MessageSid: messageSid,
        NumMedia: "0",
        NumSegments: "1",
        SmsMessageSid: messageSid,
        SmsSid: messageSid,
        SmsStatus: "received",
        To: to,
        ...(optOutType === null ? {} : { OptOutType: optOutType }),
      });
    },
    async post(callback) {
      const response = await fetch(callback.url, {
        method: "POST",
        headers: callback.headers,
        body: new URLSearchParams(callback.form).toString(),
      });
      await response.arrayBuffer();
      return response.status;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
