import { ListItem } from "@tiptap/extension-list";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessages } from "../../../components/FieldMessages";

interface NoteEditorProps {
  label: string;
  html: string;
  onChange: (html: string) => void;
  errors?: readonly string[];
}

const tool =
  "min-h-11 min-w-11 rounded-lg border border-gray-300 bg-white px-3 font-semibold text-gray-900 hover:border-brand-600 aria-pressed:border-2 aria-pressed:border-brand-700 aria-pressed:bg-gray-100";

// Tab leaves the note as it leaves any field: a list item that took Tab to indent would hold
// keyboard users in the box (and the page shows no nested lists).
const FlatListItem = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

/**
 * A note's rich text (TipTap, on ProseMirror): bold, italic, links and lists, with the usual
 * shortcuts (Ctrl+B, Ctrl+I, Ctrl+Z). What it writes is HTML the server sanitises again
 * (core/pages/sanitizeNote.ts), so nothing here is trusted; only what that keeps is offered.
 * Loaded on its own, when a note is first edited.
 */
export function NoteEditor({ label, html, onChange, errors = [] }: NoteEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = errors.length > 0;
  // The box is the field: named by the label, tied to its messages, in the text's direction.
  const attributes = {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": `${id}-label`,
    ...(invalid ? { "aria-invalid": "true", "aria-describedby": `${id}-error` } : {}),
    dir: "auto",
    class:
      "page-note min-h-32 rounded-lg border border-field-border bg-white p-3 focus:outline-2 focus:outline-brand-600",
  };
  const editor = useEditor({
    editorProps: { attributes },
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        listItem: false,
        listKeymap: false,
        // The page needs no empty paragraph kept after a list.
        trailingNode: false,
        link: { openOnClick: false, autolink: true, protocols: ["mailto"] },
      }),
      FlatListItem,
    ],
    content: html,
    // An empty note is no note: the editor's lone empty paragraph would pass as text.
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? "" : changed.getHTML()),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the attributes change only with `invalid`.
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, invalid]);

  // A value from outside (the server's sanitised copy after saving) replaces the text.
  useEffect(() => {
    // useEditor replaces its editor when the options change: an effect of the one it destroyed
    // would parse into a schema that is gone (the panel went blank on opening a saved note).
    if (editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (html !== current) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  const active = useEditorState({
    editor,
    selector: ({ editor: state }) => ({
      bold: state.isActive("bold"),
      italic: state.isActive("italic"),
      link: state.isActive("link"),
      list: state.isActive("bulletList"),
    }),
  });

  const handleLink = () => {
    if (active.link) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    const url = window.prompt(t("dashboard.page.note.linkPrompt"), "https://");
    if (url && URL.canParse(url)) {
      editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
    } else {
      editor.commands.focus();
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-semibold text-gray-800">
        {label}
      </span>
      {/* A press on a tool keeps the caret in the text: TipTap gives focus back a frame late,
          and the first key typed after a click would land on the button. */}
      <fieldset className="flex gap-1" onMouseDown={(event) => event.preventDefault()}>
        <legend className="sr-only">{t("dashboard.page.note.formatting")}</legend>
        <button
          type="button"
          className={tool}
          aria-pressed={active.bold}
          onClick={() => editor.chain().focus().toggleBold().run()}
        >
          <b>{t("dashboard.page.note.bold")}</b>
        </button>
        <button
          type="button"
          className={tool}
          aria-pressed={active.italic}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        >
          <i>{t("dashboard.page.note.italic")}</i>
        </button>
        <button type="button" className={tool} aria-pressed={active.link} onClick={handleLink}>
          {t("dashboard.page.note.link")}
        </button>
        <button
          type="button"
          className={tool}
          aria-pressed={active.list}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        >
          {t("dashboard.page.note.list")}
        </button>
      </fieldset>
      <EditorContent editor={editor} />
      <FieldMessages id={id} errors={errors} />
    </div>
  );
}
