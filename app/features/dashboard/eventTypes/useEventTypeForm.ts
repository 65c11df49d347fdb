import { type FormEvent, useCallback, useEffect, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { focusFirstError } from "../../../lib/focusFirstError";
import type { EventTypeFields } from "../api/types";
import { eventTypePayload } from "./eventTypeDraft";
import { eventTypeFormReducer, failureOf, initialFormState } from "./eventTypeFormState";

/** The event type form's state and handlers (eventTypeFormState.ts): edits, save, focus. */
export function useEventTypeForm(
  initial: EventTypeFields,
  isNew: boolean,
  onSubmit: (fields: EventTypeFields) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(eventTypeFormReducer, initialFormState(initial, isNew));

  // After a failed save, once its errors rendered: focus goes to the first field in error.
  useEffect(() => {
    if (state.failedSaves > 0) focusFirstError(formRef.current);
  }, [state.failedSaves]);

  const update = useCallback(
    (patch: Partial<EventTypeFields>) => dispatch({ type: "update", patch }),
    [],
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: "submit" });
    try {
      await onSubmit(eventTypePayload(state.draft));
      dispatch({ type: "saved" });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      const failure = failureOf(errors, t("errors.checkFields"), errorMessage(error, t));
      dispatch({ type: "failed", errors, failure });
    }
  }

  return {
    formRef,
    state,
    update,
    setTitle: (title: string) => dispatch({ type: "title", title }),
    setSlug: (slug: string) => dispatch({ type: "slug", slug }),
    handleSubmit,
  };
}
