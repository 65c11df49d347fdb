import { describe, expect, it } from "vitest";
import { optOutIntent } from "./smsOptOuts";

describe("optOutIntent", () => {
  it("reads Twilio's default words as the whole reply, in any case", () => {
    for (const word of [
      "STOP",
      "stop",
      " Stop\n",
      "STOPALL",
      "UNSUBSCRIBE",
      "CANCEL",
      "END",
      "QUIT",
      "REVOKE",
      "OPTOUT",
    ]) {
      expect(optOutIntent(word, undefined), word).toBe("stop");
    }
    for (const word of ["START", "yes", "Unstop"]) {
      expect(optOutIntent(word, undefined), word).toBe("start");
    }
    for (const reply of ["please stop", "HELP", "INFO", "", "Ende", "see you then"]) {
      expect(optOutIntent(reply, undefined), reply).toBeNull();
    }
  });

  it("follows Twilio's OptOutType when it sent one", () => {
    expect(optOutIntent("ARRET", "STOP")).toBe("stop");
    expect(optOutIntent("OUI", "start")).toBe("start");
    // Twilio says it is a HELP reply: not read as a stop word of ours.
    expect(optOutIntent("STOP", "HELP")).toBeNull();
    expect(optOutIntent("STOP", "")).toBe("stop");
  });
});
