import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PageEditResponse } from "../../../../core/api/pages";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { useLeaveGuard } from "../../../router";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import { pageFormData } from "./editorBlocks";
import {
  initialPageEditorState,
  type PageEditorAction,
  type PageEditorState,
  pageEditorReducer,
  socialsToSave,
} from "./pageEditorState";

interface PageEditorCallbacks {
  /** A save ended, stored or refused: focus goes to its message. */
  onSaveSettled: () => void;
}

/**
 * The page builder's state (pageEditorState.ts) and its save: the files still being read are
 * waited for, the welcome message and links are sent only when they differ from the stored ones,
 * and the leave guard holds while changes are unsaved.
 */
export function usePageEditor(data: PageEditResponse, { onSaveSettled }: PageEditorCallbacks) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page } = data;
  const [state, setState] = useState(() => initialPageEditorState(page));
  // The newest state, ahead of the render it causes: edits build on it (a media block's file
  // arrives late, and must not undo what was typed meanwhile), and a save sends it.
  const latest = useRef(state);
  const dispatch = useCallback((action: PageEditorAction): PageEditorState => {
    latest.current = pageEditorReducer(latest.current, action);
    setState(latest.current);
    return latest.current;
  }, []);

  // Files still being read (an image's copies being made): a save waits for them.
  const reading = useRef(new Set<Promise<unknown>>());
  const track = useCallback((work: Promise<unknown>) => {
    reading.current.add(work);
    const done = () => reading.current.delete(work);
    work.then(done, done);
  }, []);

  // What the server holds: a save sends the welcome message and links only when they differ.
  const stored = useRef({
    welcome: page.welcomeMessage ?? null,
    socials: JSON.stringify(socialsToSave(page.socials)),
  });

  const confirmLeave = useCallback(() => window.confirm(t("dashboard.page.leaveUnsaved")), [t]);
  useLeaveGuard(state.dirty, confirmLeave);

  const save = useMutation({
    mutationFn: async () => {
      await Promise.allSettled(reading.current);
      const { welcome, socials, blocks } = latest.current;
      const welcomeNow = welcome.trim() || null;
      if (welcomeNow !== stored.current.welcome) {
        await dashboardApi.setPageWelcome(page.slug, welcomeNow);
        stored.current.welcome = welcomeNow;
      }
      const socialsNow = socialsToSave(socials);
      if (JSON.stringify(socialsNow) !== stored.current.socials) {
        await dashboardApi.setPageSocials(page.slug, socialsNow);
        stored.current.socials = JSON.stringify(socialsNow);
      }
      return dashboardApi.savePage(page.slug, pageFormData(blocks));
    },
    onSuccess: ({ blocks }) => {
      dispatch({ type: "saved", blocks });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.page(page.slug) });
      onSaveSettled();
    },
    onError: (failure) => {
      dispatch({ type: "failed", errors: fieldErrorsOf(failure) });
      onSaveSettled();
    },
  });

  return { state, dispatch, track, save };
}
