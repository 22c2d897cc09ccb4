/**
 * Ordering a list in the back office by dragging and by keyboard (decision 056; the photos and,
 * since decision 052's second addendum, the floor plans): each item's Up and Down buttons are
 * submit buttons that save one step without JavaScript; with it they move the item in place,
 * the focus stays on the moved item's button and the new position is announced in a polite
 * live region. Items can also be dragged (HTML drag and drop) onto another's place.
 */
import { type DragEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { FormToken } from "./form-field.tsx";

/** The control to focus once a moved item is in its new place: its name and value. */
export interface Focus {
  name: string;
  value: string;
}

/** `items` with the one at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** Whether the page's script runs: the controls only a script can serve show from then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** An item of a list as arranged on the page: a stored file, and whether it is to go. */
export interface Arranged {
  file: string;
  removed: boolean;
}

/**
 * A list's items as arranged on the page, first `initial`, and the listing's revision a save
 * goes over. When the page's data is loaded again (after uploads, or a save of the page's other
 * list), the items no longer `stored` go, new ones join the end, and what was arranged here
 * stays. When `startOver` takes a new value (this list was just saved, or its save refused),
 * the list starts again from `initial`.
 */
export function useArrangedItems<S extends { file: string }, T extends S & Arranged>(
  listing: { revision: number },
  stored: readonly S[],
  initial: () => T[],
  startOver: string | null,
) {
  const [items, setItems] = useState<T[]>(initial);
  const [revision, setRevision] = useState(listing.revision);
  const seen = useRef(stored);
  const startedOver = useRef(startOver);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` reads the same data as `stored`.
  useEffect(() => {
    if (startOver !== null && startOver !== startedOver.current) {
      startedOver.current = startOver;
      seen.current = stored;
      setItems(initial());
      setRevision(listing.revision);
      return;
    }
    if (seen.current === stored) return;
    seen.current = stored;
    setItems((current) => {
      const files = new Set(stored.map((item) => item.file));
      const kept = current.filter((item) => files.has(item.file));
      const known = new Set(kept.map((item) => item.file));
      const added = stored
        .filter((item) => !known.has(item.file))
        .map((item) => ({ ...item, removed: false }) as T);
      return [...kept, ...added];
    });
    setRevision(listing.revision);
  }, [stored, listing.revision, startOver]);

  /** Changes the item of `file`. */
  function change(file: string, update: Partial<T>) {
    setItems((current) =>
      current.map((item) => (item.file === file ? { ...item, ...update } : item)),
    );
  }
  return { items, setItems, revision, change };
}

/**
 * A list's ordering state: the list's element (a moved item's control is focused inside it
 * after the render that moved it), the announcement, and the drag handlers of its items.
 */
export function useArrangeable() {
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterMove = useRef<Focus | null>(null);
  const dragged = useRef<number | null>(null);
  const [announcement, announce] = useState("");

  // A moved item's control keeps the focus (the list item moved in the document).
  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (wanted === null) return;
    focusAfterMove.current = null;
    const control = [
      ...(listRef.current?.querySelectorAll<HTMLInputElement | HTMLButtonElement>(
        `[name="${wanted.name}"]`,
      ) ?? []),
    ].find((candidate) => candidate.value === wanted.value);
    control?.focus();
  });

  return {
    listRef,
    announcement,
    announce,
    /** After the next render, focus this control. */
    keepFocus(focus: Focus) {
      focusAfterMove.current = focus;
    },
    /** Files dragged in from outside (not one of the list's own items). */
    draggingFiles(event: DragEvent<HTMLElement>): boolean {
      return dragged.current === null && event.dataTransfer.types.includes("Files");
    },
    /** An item's drag handlers: dropped on another item, `onMove(from, to)`. */
    dragProps(index: number, file: string, onMove: (from: number, to: number) => void) {
      return {
        onDragStart(event: DragEvent<HTMLElement>) {
          dragged.current = index;
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", file);
        },
        onDragOver(event: DragEvent<HTMLElement>) {
          if (dragged.current === null) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "move";
        },
        onDrop(event: DragEvent<HTMLElement>) {
          if (dragged.current === null) return;
          event.preventDefault();
          onMove(dragged.current, index);
          dragged.current = null;
        },
        onDragEnd() {
          dragged.current = null;
        },
      };
    },
  };
}

export interface MoveButtonsProps {
  /** The buttons' field name; the value is `{file}:up` or `{file}:down`. */
  name: string;
  file: string;
  index: number;
  /** The item's name in the buttons' labels: "photo" gives "Move photo 2 up". */
  noun: string;
  canMove(to: number): boolean;
  onMove(to: number, focus: Focus): void;
}

/** An item's Up and Down: a one-step save without JavaScript, a move in place with it. */
function MoveButtons({ name, file, index, noun, canMove, onMove }: MoveButtonsProps) {
  return (
    <div className="admin-photo__moves">
      {(["up", "down"] as const).map((direction) => {
        const to = direction === "up" ? index - 1 : index + 1;
        const value = `${file}:${direction}`;
        return (
          <button
            key={direction}
            className="admin-button admin-button--small admin-button--secondary"
            type="submit"
            name={name}
            value={value}
            aria-label={`Move ${noun} ${index + 1} ${direction}`}
            aria-disabled={canMove(to) ? undefined : true}
            onClick={(event) => {
              event.preventDefault();
              onMove(to, { name, value });
            }}
          >
            {direction === "up" ? "Up" : "Down"}
          </button>
        );
      })}
    </div>
  );
}

/** An item's "Remove" choice (named with its position for screen readers). */
function RemoveChoice(props: {
  name: string;
  item: Arranged;
  /** "photo 2" */
  named: string;
  change(file: string, update: { removed: boolean }): void;
  children?: ReactNode;
}) {
  const { name, item, named, change } = props;
  return (
    <div className="admin-photo__choices">
      {props.children}
      <label className="admin-choice__option">
        <input
          type="checkbox"
          name={name}
          value={item.file}
          checked={item.removed}
          onChange={(event) => change(item.file, { removed: event.currentTarget.checked })}
        />
        {` Remove`}
        <span className="visually-hidden">{` ${named}`}</span>
      </label>
    </div>
  );
}

/** The live region a list's moves are announced in. */
function Announcement({ text }: { text: string }) {
  return (
    <p className="visually-hidden" aria-live="polite">
      {text}
    </p>
  );
}

export interface ArrangeFormProps {
  csrfToken: string;
  /** The page action's `intent` of a save. */
  intent: string;
  revision: number;
  title: string;
  titleId: string;
  heading: "h2" | "h3";
  headingClass: string;
  /** A refusal shown above the list. */
  alert?: string | undefined;
  /** The hint above the list (how to order it, or that it is empty). */
  hint: string;
  count: number;
  listRef: RefObject<HTMLOListElement | null>;
  announcement: string;
  /** The save button's text. */
  save: string;
  /** The list's items. */
  children: ReactNode;
  /** Hidden fields the save posts besides the list (the photos' base). */
  hidden?: ReactNode;
}

/** A list's form: its items in order, a save over the listing's revision. */
export function ArrangeForm(props: ArrangeFormProps) {
  const { heading: Heading, titleId, count } = props;
  return (
    <Form method="post" className="admin-photos__arrange" aria-labelledby={titleId}>
      <Heading id={titleId} className={props.headingClass}>
        {props.title}
      </Heading>
      {props.alert ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>{props.alert}</p>
        </div>
      ) : null}
      <FormToken token={props.csrfToken} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="revision" value={props.revision} />
      {props.hidden}
      <p className="admin-field__hint">{props.hint}</p>
      <ol className="admin-photos__list" ref={props.listRef}>
        {props.children}
      </ol>
      <Announcement text={props.announcement} />
      {count > 0 ? (
        <div className="admin-actions">
          <button className="admin-button" type="submit">
            {props.save}
          </button>
        </div>
      ) : null}
    </Form>
  );
}

export interface ArrangedItemProps {
  item: Arranged;
  index: number;
  count: number;
  /** The item's name: "photo" gives "Photo 2 of 5", "Move photo 2 up", "Remove photo 2". */
  noun: string;
  /** Classes besides the item's own and its removed look. */
  className: string;
  hydrated: boolean;
  /** The item's drag handlers (`useArrangeable().dragProps`). */
  drag: ReturnType<ReturnType<typeof useArrangeable>["dragProps"]>;
  /** Its picture. */
  image: ReactNode;
  /** Badges after its position ("Cover", "PDF"). */
  badges: ReactNode;
  /** The field names its form posts: the file in order, removal, moves. */
  names: { file: string; remove: string; move: string };
  /** Its text field: a photo's alt text, a plan's label. */
  text: {
    label: string;
    name: string;
    value: string;
    maxLength: number;
    placeholder: string;
    onChange(value: string): void;
  };
  /** Choices before Remove (the cover), or a link. */
  choices: ReactNode;
  change(file: string, update: { removed: boolean }): void;
  canMove(to: number): boolean;
  onMove(to: number, focus: Focus): void;
}

/** One item of a list being arranged: picture, position, text field, choices and moves. */
export function ArrangedItem(props: ArrangedItemProps) {
  const { item, index, noun, names, text } = props;
  const fieldId = `${names.file}-text-${item.file.replace(/[^\w-]/g, "-")}`;
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  return (
    <li
      className={`admin-photo ${props.className}${item.removed ? " admin-photo--removed" : ""}`}
      draggable={props.hydrated}
      {...props.drag}
      data-file={item.file}
    >
      {props.image}
      <div className="admin-photo__fields">
        <p className="admin-photo__position">
          {`${title} ${index + 1} of ${props.count}`}
          {props.badges}
          {item.removed ? (
            <span className="admin-photo__removal">Removed when you save</span>
          ) : null}
        </p>
        <input type="hidden" name={names.file} value={item.file} />
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={fieldId}>
            {`${text.label} ${index + 1}`}
          </label>
          <input
            className="admin-field__input"
            id={fieldId}
            name={text.name}
            value={text.value}
            maxLength={text.maxLength}
            placeholder={text.placeholder}
            onChange={(event) => text.onChange(event.currentTarget.value)}
          />
        </div>
        <RemoveChoice
          name={names.remove}
          item={item}
          named={`${noun} ${index + 1}`}
          change={props.change}
        >
          {props.choices}
        </RemoveChoice>
      </div>
      <MoveButtons
        name={names.move}
        file={item.file}
        index={index}
        noun={noun}
        canMove={props.canMove}
        onMove={props.onMove}
      />
    </li>
  );
}
