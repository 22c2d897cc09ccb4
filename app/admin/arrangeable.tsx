/**
 * Ordering a list in the back office by dragging and by keyboard (decision 056; the photos and,
 * since decision 052's second addendum, the floor plans): each item's Up and Down buttons are
 * submit buttons that save one step without JavaScript; with it they move the item in place,
 * the focus stays on the moved item's button and the new position is announced in a polite
 * live region. Items can also be dragged (HTML drag and drop) onto another's place.
 */
import { type DragEvent, useEffect, useRef, useState } from "react";

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
export function MoveButtons({ name, file, index, noun, canMove, onMove }: MoveButtonsProps) {
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

/** The live region a list's moves are announced in. */
export function Announcement({ text }: { text: string }) {
  return (
    <p className="visually-hidden" aria-live="polite">
      {text}
    </p>
  );
}
