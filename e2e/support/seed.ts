import { randomBytes } from "node:crypto";
import { serverClockNow } from "./serverClock";

/** The password of every host `signUpHost` makes. */
export const SEEDED_PASSWORD = "correct horse battery";

/** A host signed up through the API, with the bearer header for their calls. */
export interface SeededHost {
  id: string;
  email: string;
  name: string;
  username: string;
  token: string;
  headers: Record<string, string>;
}

/** Test data written through the HTTP API of the server at `baseUrl`, as a host would. */
export function seeder(baseUrl: string) {
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const unique = () => randomBytes(4).toString("hex");

  /** The token of the newest verification link mailed to `email`. */
  async function mailedVerifyToken(email: string): Promise<string> {
    const response = await fetch(`${baseUrl}/dev/mailbox.json`);
    const { mails } = (await response.json()) as {
      mails: { to: string | null; text: string | null }[];
    };
    for (const mail of mails) {
      if (mail.to?.toLowerCase() !== email.toLowerCase()) continue;
      const token = /\/dashboard\/verify-email\?token=(\S+)/.exec(mail.text ?? "")?.[1];
      if (token) return decodeURIComponent(token);
    }
    throw new Error(`no verification link mailed to ${email}`);
  }

  return {
    call,
    unique,

    /** A new host working Monday to Friday, 09:00-17:00 in `timeZone` (the default schedule). */
    async signUpHost(overrides: Record<string, unknown> = {}): Promise<SeededHost> {
      const id = unique();
      const body = {
        email: `host-${id}@example.com`,
        password: SEEDED_PASSWORD,
        name: `Host ${id}`,
        username: `host-${id}`,
        timeZone: "Europe/Berlin",
        ...overrides,
      };
      const { user, token } = await call<{
        user: { id: string; email: string; name: string; username: string };
        token: string;
      }>("POST", "/auth/signup", body);
      // The host follows the link of their verification mail: only then are pages published.
      await call("POST", "/auth/verify-email", { token: await mailedVerifyToken(user.email) });
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        username: user.username,
        token,
        headers: { authorization: `Bearer ${token}` },
      };
    },

    /** Changes the host's settings and Profile (PATCH /api/me). */
    updateMe(host: SeededHost, body: Record<string, unknown>) {
      return call("PATCH", "/me", body, host.headers);
    },

    /** An event type of `host`; a 30-minute Zoom one-on-one unless overridden. */
    createEventType(host: SeededHost, overrides: Record<string, unknown> = {}) {
      return call<{ id: string; slug: string; sharedLink: string | null; title: string }>(
        "POST",
        "/event-types",
        {
          kind: "ONE_ON_ONE",
          title: "Intro call",
          slug: `intro-${unique()}`,
          duration: 30,
          locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } }],
          ...overrides,
        },
        host.headers,
      );
    },

    /** A team of `admin` with `members` in it, each invited and accepting. */
    async createTeam(admin: SeededHost, members: SeededHost[] = [], name = `Team ${unique()}`) {
      const team = await call<{ id: string; slug: string; name: string }>(
        "POST",
        "/teams",
        { name, slug: `team-${unique()}` },
        admin.headers,
      );
      for (const member of members) {
        const { invitation } = await call<{ invitation: { id: string } }>(
          "POST",
          `/teams/${team.id}/members`,
          { email: member.email },
          admin.headers,
        );
        await call("POST", `/invitations/${invitation.id}/accept`, undefined, member.headers);
      }
      return team;
    },

    /** A single-use link of an event type: its token and URL. */
    createSingleUseLink(host: SeededHost, eventTypeId: string) {
      return call<{ link: string; url: string }>(
        "POST",
        `/event-types/${eventTypeId}/single-use-links`,
        undefined,
        host.headers,
      );
    },

    /**
     * Books the first free time of an event type through the API, as an invitee in Berlin;
     * `link` is the event-type part of the POST /api/event body.
     */
    async bookFirstSlot(
      link: Record<string, string>,
      timetablePath: string,
      invitee: { name: string; email: string },
    ) {
      const now = await serverClockNow(baseUrl);
      const today = now.toISOString().slice(0, 10);
      const end = new Date(now.getTime() + 40 * 86_400_000).toISOString().slice(0, 10);
      const query = new URLSearchParams({
        start: today,
        end,
        timezone: "Europe/Berlin",
        check_first_available: "true",
      });
      const table = await call<{ timetable: { slots: Record<string, { start: string }> }[] }>(
        "GET",
        `${timetablePath}${timetablePath.includes("?") ? "&" : "?"}${query}`,
      );
      const start = Object.values(table.timetable[0]?.slots ?? {})[0]?.start;
      if (!start) throw new Error("no free time to book");
      return call<{
        event: { uuid: string; start: string };
        attendee: { uuid: string; token: string };
      }>("POST", "/event", { ...link, start, timezone: "Europe/Berlin", ...invitee });
    },

    /** The invitee's cancel and reschedule paths from their newest booking mail. */
    async mailedLinks(email: string) {
      const mails = await this.mailbox();
      for (const mail of mails) {
        if (mail.to?.toLowerCase() !== email.toLowerCase() || !mail.text) continue;
        const cancel = /https?:\/\/[^/\s]+(\/cancel\/[^\s]+)/.exec(mail.text)?.[1];
        const reschedule = /https?:\/\/[^/\s]+(\/reschedule\/by-attendee\/[^\s]+)/.exec(
          mail.text,
        )?.[1];
        if (cancel && reschedule) return { cancel, reschedule };
      }
      throw new Error(`no booking mail with links to ${email}`);
    },

    /** The newest email verification code sent to `email`. */
    async mailedCode(email: string): Promise<string> {
      for (const mail of await this.mailbox()) {
        if (mail.to?.toLowerCase() !== email.toLowerCase()) continue;
        const code = /\b(\d{6})\b/.exec(mail.subject ?? "")?.[1];
        if (code) return code;
      }
      throw new Error(`no code mailed to ${email}`);
    },

    /** The mail of the development mailbox, newest first. */
    async mailbox() {
      const response = await fetch(`${baseUrl}/dev/mailbox.json`);
      const { mails } = (await response.json()) as {
        mails: {
          to: string | null;
          subject: string | null;
          text: string | null;
          ics?: string | null;
        }[];
      };
      return mails;
    },
  };
}
