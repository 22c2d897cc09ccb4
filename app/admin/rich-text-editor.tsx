/**
 * The description's editor (decision 044). The server renders a plain textarea of the HTML,
 * which is what a browser without JavaScript posts; once React runs it becomes a toolbar (a
 * WAI-ARIA toolbar: Tab reaches it once, arrow keys move between its buttons) over a
 * contenteditable box, whose HTML a hidden field of the same name carries. Only the
 * allow-list's elements are offered and shown; the server sanitises every save.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { cleanForEditor, type RichTextCommand, richTextCommands } from "./rich-text.ts";

export interface RichTextEditorProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  hint?: string;
  error?: string | undefined;
  /** The label's class besides admin-field__label (a group's heading). */
  labelClassName?: string;
}

export function RichTextEditor({
  id,
  name,
  label,
  defaultValue,
  hint,
  error,
  labelClassName,
}: RichTextEditorProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [pressed, setPressed] = useState<Record<string, boolean>>({});
  const [focusIndex, setFocusIndex] = useState(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  // What was in the textarea when React took over (typed before hydration, or the default).
  const initial = useRef(defaultValue);

  useEffect(() => {
    initial.current = textarea.current?.value ?? defaultValue;
    setEnhanced(true);
  }, [defaultValue]);

  useEffect(() => {
    if (!enhanced || !editor.current || !hidden.current) return;
    // Enter starts a <p>, not Chromium's default <div>, which the allow-list has not.
    document.execCommand("defaultParagraphSeparator", false, "p");
    editor.current.innerHTML = cleanForEditor(initial.current);
    hidden.current.value = editor.current.innerHTML;
  }, [enhanced]);

  const describedBy =
    [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  function sync() {
    if (editor.current && hidden.current) hidden.current.value = editor.current.innerHTML;
    const state: Record<string, boolean> = {};
    for (const command of richTextCommands) {
      if (command.toggle) state[command.command] = document.queryCommandState(command.command);
    }
    setPressed(state);
  }

  function run(command: RichTextCommand) {
    editor.current?.focus();
    document.execCommand("defaultParagraphSeparator", false, "p");
    if (command.command === "createLink") {
      const href = window.prompt("Link address (https://…, mailto: or tel:)", "https://");
      if (!href || !/^(https?:\/\/|mailto:|tel:)/i.test(href.trim())) return;
      document.execCommand("createLink", false, href.trim());
    } else {
      document.execCommand(command.command, false, command.value);
    }
    sync();
  }

  function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
    const last = richTextCommands.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: focusIndex === last ? 0 : focusIndex + 1,
      ArrowLeft: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbar.current?.querySelectorAll("button")[next]?.focus();
  }

  const labelId = `${id}-label`;
  const labelClass = `admin-field__label${labelClassName ? ` ${labelClassName}` : ""}`;
  return (
    <div className={`admin-field${error ? " admin-field--invalid" : ""}`}>
      {enhanced ? (
        // Names the editor box through its aria-labelledby (a label is only for form controls).
        <span className={labelClass} id={labelId}>
          {label}
        </span>
      ) : (
        <label className={labelClass} id={labelId} htmlFor={id}>
          {label}
        </label>
      )}
      {hint ? (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {enhanced ? (
        <div className="admin-rich-text">
          <div
            ref={toolbar}
            className="admin-rich-text__toolbar"
            role="toolbar"
            aria-label={`${label} formatting`}
            aria-controls={id}
            onKeyDown={onToolbarKey}
          >
            {richTextCommands.map((command, index) => (
              <button
                key={command.label}
                type="button"
                className="admin-rich-text__button"
                aria-label={command.text === command.label ? undefined : command.label}
                title={command.label}
                aria-pressed={command.toggle ? (pressed[command.command] ?? false) : undefined}
                tabIndex={index === focusIndex ? 0 : -1}
                onMouseDown={(event) => event.preventDefault()}
                onFocus={() => setFocusIndex(index)}
                onClick={() => run(command)}
              >
                {command.text}
              </button>
            ))}
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a rich text box has no native element. */}
          <div
            ref={editor}
            id={id}
            className="admin-field__input admin-rich-text__box"
            role="textbox"
            tabIndex={0}
            aria-multiline="true"
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            contentEditable
            suppressContentEditableWarning
            onInput={sync}
            onKeyUp={sync}
            onMouseUp={sync}
            onBlur={sync}
          />
          {/* No value prop: a hidden input's value is its attribute, which React would reset. */}
          <input ref={hidden} type="hidden" name={name} />
        </div>
      ) : (
        <textarea
          ref={textarea}
          className="admin-field__input admin-rich-text__source"
          id={id}
          name={name}
          rows={12}
          defaultValue={defaultValue}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
      )}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
