import { describe, expect, it } from "vitest";
import type { EventViewResponse } from "../../../core/api/events";
import { readBookingUrl, withBookingUrl } from "../../../core/routing/bookingUrlState";
import type { SlotSelection, Timetable } from "../booking/timetable";
import {
  confirmStepOf,
  dateStepOf,
  initialRescheduleState,
  monthStepOf,
  namedSlot,
  type RescheduleAction,
  rescheduleReducer,
} from "./rescheduleSteps";

const NINE = "2027-03-09T08:00:00.000Z";
const TEN = "2027-03-09T09:00:00.000Z";
const nine: SlotSelection = { slot: { key: "09:00", start: NINE }, isoDate: "2027-03-09" };

function timetable(starts: string[]): Timetable {
  return {
    days: {
      "20270309": {
        isoDate: "2027-03-09",
        date: "2027/03/09",
        times: starts.map((start, i) => ({ key: `t${i}`, start })),
      },
    },
    formerTime: null,
    firstDate: "2027-03-09",
    lastDate: "2027-03-09",
    isNotAvailable: false,
    maximumDaysChecked: 60,
    outOfOffice: [],
  };
}

const run = (...actions: RescheduleAction[]) =>
  actions.reduce(rescheduleReducer, initialRescheduleState);

describe("namedSlot", () => {
  it("names no time without both a date and a slot", () => {
    const none = { named: null, selection: null, lookingUp: false, missing: false };
    expect(
      namedSlot({ date: null, slot: null }, null, { timetable: undefined, status: "pending" }),
    ).toEqual(none);
    expect(
      namedSlot({ date: null, slot: NINE }, nine, { timetable: undefined, status: "success" }),
    ).toEqual(none);
  });

  it("confirms the time picked at once, written in another form of the same instant", () => {
    const slot = namedSlot({ date: "2027-03-09", slot: "2027-03-09T09:00:00+01:00" }, nine, {
      timetable: undefined,
      status: "pending",
    });
    expect(slot).toEqual({
      named: "2027-03-09T09:00:00+01:00",
      selection: nine,
      lookingUp: false,
      missing: false,
    });
  });

  it("waits for the timetable before taking a time the address named (a reload, Forward, a link)", () => {
    const url = { date: "2027-03-09", slot: TEN };
    expect(namedSlot(url, null, { timetable: undefined, status: "pending" })).toMatchObject({
      selection: null,
      lookingUp: true,
      missing: false,
    });
    // Another time picked before is not the one named.
    expect(namedSlot(url, nine, { timetable: undefined, status: "pending" }).lookingUp).toBe(true);
    const found = namedSlot(url, null, { timetable: timetable([NINE, TEN]), status: "success" });
    expect(found).toMatchObject({ lookingUp: false, missing: false });
    expect(found.selection).toEqual({ slot: { key: "t1", start: TEN }, isoDate: "2027-03-09" });
  });

  it("finds a named time missing once its timetable came without it", () => {
    const url = { date: "2027-03-09", slot: TEN };
    expect(namedSlot(url, null, { timetable: timetable([NINE]), status: "success" })).toMatchObject(
      {
        selection: null,
        lookingUp: false,
        missing: true,
      },
    );
    // A failed read is not a missing time: the page keeps waiting (and the picker says why).
    expect(namedSlot(url, null, { timetable: undefined, status: "error" }).missing).toBe(false);
  });
});

describe("the address of each step", () => {
  it("pushes a day, then a time; a month turned by the invitee forgets both", () => {
    let search = "?token=secret";
    search = withBookingUrl(search, dateStepOf("2027-03-09", "gregorian"));
    expect(readBookingUrl(search)).toMatchObject({
      month: "2027-03",
      date: "2027-03-09",
      slot: null,
    });
    search = withBookingUrl(search, confirmStepOf("2027-03-09", TEN, "gregorian"));
    expect(readBookingUrl(search)).toMatchObject({ date: "2027-03-09", slot: TEN });
    expect(new URLSearchParams(search).get("token")).toBe("secret");
    expect(readBookingUrl(withBookingUrl(search, monthStepOf("2027-05", "user")))).toEqual({
      month: "2027-05",
      date: null,
      slot: null,
      duration: null,
    });
    // Moved on from an empty month by the page: the day and time stay.
    expect(readBookingUrl(withBookingUrl(search, monthStepOf("2027-04", "auto")))).toMatchObject({
      month: "2027-04",
      date: "2027-03-09",
      slot: TEN,
    });
  });

  it("writes the month of the Persian calendar when the invitee reads it", () => {
    expect(dateStepOf("2027-03-09", "persian").month).toMatch(/^p\d{4}-\d{2}$/);
  });
});

describe("rescheduleReducer", () => {
  it("remembers that the page pushed the confirm step, so its Back is the browser's", () => {
    const picked = run({ type: "picked", selection: nine });
    expect(picked).toMatchObject({ picked: nine, pushedConfirm: true, returned: null });
    expect(rescheduleReducer(picked, { type: "back" })).toMatchObject({
      picked: nine,
      returned: "back",
      pushedConfirm: false,
    });
    // A time the address named was not pushed by the page.
    expect(run({ type: "found", selection: nine }).pushedConfirm).toBe(false);
  });

  it("forgets the time when it was taken, and says why the times show again", () => {
    const taken = run({ type: "picked", selection: nine }, { type: "slotTaken" });
    expect(taken).toMatchObject({ picked: null, returned: "slotTaken", pushedConfirm: false });
    expect(rescheduleReducer(taken, { type: "picked", selection: nine }).returned).toBeNull();
  });

  it("forgets the time when another meeting of the series is picked", () => {
    const other = run({ type: "picked", selection: nine }, { type: "occurrence", uuid: "o-2" });
    expect(other).toMatchObject({ picked: null, occurrence: "o-2" });
  });

  it("sends once, shows a failure, and keeps the event moved", () => {
    const sending = run(
      { type: "reason", text: "Later" },
      { type: "failed", message: "Oops" },
      { type: "submit" },
    );
    expect(sending).toMatchObject({ pending: true, alert: undefined, reason: "Later" });
    expect(rescheduleReducer(sending, { type: "failed", message: "Offline" })).toMatchObject({
      pending: false,
      alert: "Offline",
    });
    const event = { uuid: "moved" } as EventViewResponse;
    expect(rescheduleReducer(sending, { type: "moved", event })).toMatchObject({
      pending: false,
      moved: event,
    });
  });
});
