// What the benches and the crash test do to a server process they started: JSON calls over
// HTTP and a bookable host.

export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * A host signed up over HTTP, verified through the development mailbox (DEV_MAILBOX=true),
 * whose week is open around the clock (UTC), with a `minutes`-long event type `slug`.
 */
export async function hostWithEventType(
  base: string,
  name: string,
  { slug = "bench", minutes = 15 }: { slug?: string; minutes?: number } = {},
) {
  const signup = await call(base, "POST", "/api/auth/signup", {
    email: `${name}@example.com`,
    password: "correct horse battery",
    name,
    username: name,
    timeZone: "UTC",
  });
  if (signup.status !== 201) throw new Error(`signup: ${JSON.stringify(signup.body)}`);
  const token = signup.body.token as string;
  // Only a verified address publishes the booking pages.
  // The mailbox hides a mail while the worker is sending it (its lease): wait until it shows.
  let link: string | undefined;
  for (let tries = 0; link === undefined && tries < 200; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    const { body: mailbox } = await call(base, "GET", "/dev/mailbox.json");
    link = (mailbox.mails as { to: string; text: string | null }[])
      .filter((mail) => mail.to === `${name}@example.com`)
      .map((mail) => /\/dashboard\/verify-email\?token=(\S+)/.exec(mail.text ?? "")?.[1])
      .find((found) => found !== undefined);
  }
  if (!link) throw new Error(`no verification mail to ${name}@example.com`);
  const verified = await call(base, "POST", "/api/auth/verify-email", {
    token: decodeURIComponent(link),
  });
  if (verified.status !== 204) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  await openHostWeek(base, token, { slug, minutes });
  return { username: name, token };
}

/** Opens a signed-in host's week around the clock (UTC) and gives them a `minutes`-long event type `slug`. */
export async function openHostWeek(
  base: string,
  token: string,
  { slug, minutes }: { slug: string; minutes: number },
) {
  const schedules = await call(base, "GET", "/api/schedules", undefined, token);
  const scheduleId = schedules.body.schedules[0].id as string;
  const day = [{ start: "00:00", end: "24:00" }];
  const weekly = Object.fromEntries(
    ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"].map((d) => [d, day]),
  );
  const patched = await call(
    base,
    "PATCH",
    `/api/schedules/${scheduleId}`,
    { timeZone: "UTC", weekly },
    token,
  );
  if (patched.status !== 200) throw new Error(`schedule: ${JSON.stringify(patched.body)}`);
  const type = await call(
    base,
    "POST",
    "/api/event-types",
    {
      kind: "ONE_ON_ONE",
      title: slug,
      slug,
      duration: minutes,
      maxDaysAhead: 365,
    },
    token,
  );
  if (type.status !== 201) throw new Error(`event type: ${JSON.stringify(type.body)}`);
}
