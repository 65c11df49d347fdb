/**
 * Bookings awaiting payment that this browser made, so a reload or a closed tab does not
 * strand the invitee: their booking page offers to resume the payment, and the booking's own
 * page (its confirmation address) finds the secret it needs. Local storage: it outlives the
 * tab, and is forgotten once the payment is settled or the hold has run out.
 */
export interface HeldPayment {
  /** The booking page the time was picked on (`/{user}/{event}`, `/S/{link}`). */
  bookingPath: string;
  /** The booking's own page, where the payment resumes. */
  pendingPath: string;
  attendee: string;
  token: string;
  eventUuid: string;
  start: string;
  expiresAt: string;
}

const prefix = "slotted:held-payment:";

function readAll(): HeldPayment[] {
  const found: HeldPayment[] = [];
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (!key?.startsWith(prefix)) continue;
      const stored = localStorage.getItem(key);
      if (stored) found.push(JSON.parse(stored) as HeldPayment);
    }
  } catch {
    // Blocked storage (third-party frames) or a damaged entry: nothing to resume.
  }
  return found;
}

export function rememberHeldPayment(held: HeldPayment): void {
  try {
    localStorage.setItem(prefix + held.attendee, JSON.stringify(held));
  } catch {
    // Blocked storage: a reload then cannot resume, as before.
  }
}

export function forgetHeldPayment(attendee: string): void {
  try {
    localStorage.removeItem(prefix + attendee);
  } catch {
    // Nothing was kept.
  }
}

/** The held payment of `attendee`, if this browser booked it. */
export function heldPaymentOf(attendee: string): HeldPayment | null {
  return readAll().find((held) => held.attendee === attendee) ?? null;
}

/**
 * The newest booking awaiting payment made on booking page `bookingPath` whose hold has not
 * run out at `now`; holds that ran out are forgotten.
 */
export function heldPaymentAt(bookingPath: string, now: number): HeldPayment | null {
  let newest: HeldPayment | null = null;
  for (const held of readAll()) {
    if (Date.parse(held.expiresAt) <= now) {
      forgetHeldPayment(held.attendee);
      continue;
    }
    if (held.bookingPath !== bookingPath) continue;
    if (!newest || Date.parse(held.expiresAt) > Date.parse(newest.expiresAt)) newest = held;
  }
  return newest;
}

/** The booking's own page, with the secret that lets it resume from any tab. */
export function pendingPathOf(confirmationPath: string, token: string): string {
  return `${confirmationPath}?${new URLSearchParams({ token })}`;
}
