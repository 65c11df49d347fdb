import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessages } from "../../../components/FieldMessages";

interface NoteEditorProps {
  label: string;
  html: string;
  onChange: (html: string) => void;
  errors?: readonly string[];
}

const tool =
  "min-h-11 min-w-11 rounded-lg border border-gray-300 bg-white px-3 font-semibold text-gray-900 hover:border-brand-600";

/**
 * A note's rich text: bold, italic, links and lists, edited in place. What it writes is HTML
 * the server sanitises again (core/pages/sanitizeNote.ts), so nothing here is trusted.
 */
export function NoteEditor({ label, html, onChange, errors = [] }: NoteEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const area = useRef<HTMLDivElement>(null);

  // The DOM is the editing state: write the value in only when it changed from outside.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== html) area.current.innerHTML = html;
  }, [html]);

  const format = (command: string, value?: string) => {
    area.current?.focus();
    // execCommand is deprecated but still the only built-in rich-text editing that keeps undo.
    document.execCommand(command, false, value);
    onChange(area.current?.innerHTML ?? "");
  };

  const handleLink = () => {
    const url = window.prompt(t("dashboard.page.note.linkPrompt"), "https://");
    if (url && URL.canParse(url)) format("createLink", url);
  };

  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-semibold text-gray-800">
        {label}
      </span>
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t("dashboard.page.note.formatting")}</legend>
        <button type="button" className={tool} onClick={() => format("bold")}>
          <b>{t("dashboard.page.note.bold")}</b>
        </button>
        <button type="button" className={tool} onClick={() => format("italic")}>
          <i>{t("dashboard.page.note.italic")}</i>
        </button>
        <button type="button" className={tool} onClick={handleLink}>
          {t("dashboard.page.note.link")}
        </button>
        <button type="button" className={tool} onClick={() => format("insertUnorderedList")}>
          {t("dashboard.page.note.list")}
        </button>
      </fieldset>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs contentEditable; a textarea holds plain text only. */}
      <div
        ref={area}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        dir="auto"
        onInput={() => onChange(area.current?.innerHTML ?? "")}
        className="page-note min-h-32 rounded-lg border border-gray-400 bg-white p-3 focus:outline-2 focus:outline-brand-600"
      />
      <FieldMessages id={id} errors={errors} />
    </div>
  );
}
