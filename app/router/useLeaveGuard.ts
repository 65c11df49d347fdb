import { useEffect } from "react";
import { setLeaveGuard } from "./navigation";

/**
 * While `unsaved`, the browser asks before the tab closes or reloads, and `confirmLeave` is
 * asked before the app itself goes to another screen (false stays).
 */
export function useLeaveGuard(unsaved: boolean, confirmLeave: () => boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    setLeaveGuard(confirmLeave);
    return () => {
      window.removeEventListener("beforeunload", warn);
      setLeaveGuard(null);
    };
  }, [unsaved, confirmLeave]);
}
