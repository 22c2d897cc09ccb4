/**
 * What the photo manager and the floor-plan manager share (decision 086): a listing's files of
 * one kind, uploaded (one at a time with JavaScript, several in a post without) and arranged in
 * one list (order, text field, removals, move buttons and dragging) saved over the listing's
 * revision. A kind (`MediaKind`) gives the texts, field names and limits that differ;
 * `useMediaList` holds the list's state and `MediaForms` draws its two forms, each item's picture,
 * badges and choices given by the kind's own manager (photo-manager.tsx, floor-plan-manager.tsx).
 */
import type { ReactNode } from "react";
import type { ListingPhotos, PhotoUploadAnswer } from "../../lib/admin-photos.ts";
import { imageUrl } from "../site-settings.ts";
import {
  type Arranged,
  ArrangedItem,
  type ArrangedItemProps,
  ArrangeForm,
  type Focus,
  moveItem,
  useArrangeable,
  useArrangedItems,
  useHydrated,
} from "./arrangeable.tsx";
import { UploadForm, useUploadQueue } from "./upload-queue.tsx";

/** What differs between the photos and the floor plans: texts, field names and limits. */
export interface MediaKind<T extends Arranged> {
  /** "photo", "floor plan": the upload's messages; capitalised, a move's announcement. */
  noun: string;
  /** The item's name in its labels: "plan" gives "Plan 2 of 3" and "Move plan 2 up". */
  itemNoun: string;
  upload: {
    /** The upload endpoint's and the form's file field. */
    field: string;
    accept: string;
    maxBytes: number;
    /** The answer when the file is already the listing's. */
    duplicate: string;
    title: string;
    titleId: string;
    heading: "h2" | "h3";
    headingClass: string;
    /** The page action's `intent` of a post without JavaScript. */
    intent: string;
    /** The file input's id and label, the hint under it and the submit button's text. */
    id: string;
    label: string;
    hint: string;
    submit: string;
    /** What a post without JavaScript stored: "2 photos are uploaded." */
    stored(count: number): string;
  };
  arrange: {
    intent: string;
    title(count: number): string;
    titleId: string;
    heading: "h2" | "h3";
    headingClass: string;
    hint(count: number): string;
    save: string;
  };
  /** The field names the list's form posts: the file in order, removal, moves. */
  names: ArrangedItemProps["names"];
  /** Each item's text field: a photo's alt text, a plan's label. */
  text: {
    label: string;
    name(index: number): string;
    maxLength: number;
    placeholder(index: number): string;
    valueOf(item: T): string;
    change(value: string): Partial<T>;
  };
}

export interface MediaListOptions<S extends { file: string }, T extends S & Arranged> {
  listing: ListingPhotos;
  csrfToken: string;
  /** The stored files of the kind (`listing.photos`, `listing.floorPlans`). */
  stored: readonly S[];
  /** The list as it starts, and starts again after this list's save or its refusal. */
  initial: () => T[];
  startOver: string | null;
  /** Whether the first item keeps its place (the cover): nothing moves onto it or away. */
  firstStays?: (items: readonly T[]) => boolean;
}

/**
 * A list's state: its items and revision (`useArrangedItems`), its ordering
 * (`useArrangeable`), its uploads, and the moves it allows.
 */
export function useMediaList<S extends { file: string }, T extends S & Arranged>(
  kind: MediaKind<T>,
  options: MediaListOptions<S, T>,
) {
  const { listing, csrfToken, stored, initial, startOver, firstStays } = options;
  const arranged = useArrangedItems(listing, stored, initial, startOver);
  const { items, setItems } = arranged;
  const hydrated = useHydrated();
  const arrangeable = useArrangeable();
  const uploads = useUploadQueue({
    code: listing.code,
    csrfToken,
    field: kind.upload.field,
    maxBytes: kind.upload.maxBytes,
    noun: kind.noun,
    duplicate: kind.upload.duplicate,
  });
  const count = items.length;
  const pinned = () => firstStays?.(items) === true;

  /** Whether an item may move from `from` to `to`: a pinned first item stays first. */
  function canMove(from: number, to: number): boolean {
    if (from === to || from < 0 || to < 0 || from >= count || to >= count) return false;
    return !(pinned() && (from === 0 || to === 0));
  }

  function move(from: number, wanted: number, focus?: Focus) {
    // Dropped on a pinned first item: the place after it.
    const to = wanted === 0 && pinned() && from !== 0 ? 1 : wanted;
    if (!canMove(from, to)) return;
    setItems(moveItem(items, from, to));
    if (focus) arrangeable.keepFocus(focus);
    const noun = `${kind.noun.charAt(0).toUpperCase()}${kind.noun.slice(1)}`;
    arrangeable.announce(
      `${noun} moved to position ${to + 1} of ${count}. Save to keep the order.`,
    );
  }

  return { ...arranged, ...uploads, hydrated, arrangeable, count, canMove, move };
}

/** An item's picture in the list, 200 × 133 (`className` besides `admin-photo__image`). */
export function Thumbnail({ src, className }: { src: string; className?: string }) {
  return (
    <img
      className={className ? `admin-photo__image ${className}` : "admin-photo__image"}
      src={src}
      alt=""
      width={200}
      height={133}
      loading="lazy"
    />
  );
}

/** What a kind's manager draws of one item: its look, picture, badges and choices. */
export type MediaItemParts = Pick<ArrangedItemProps, "className" | "image" | "badges" | "choices">;

export interface MediaFormsProps<T extends Arranged> {
  kind: MediaKind<T>;
  list: ReturnType<typeof useMediaList<T, T>>;
  csrfToken: string;
  imageBaseUrl: string;
  /** The answer to an upload posted without JavaScript. */
  upload: PhotoUploadAnswer | undefined;
  /** Fields the upload form posts besides the files (a plan's label). */
  uploadFields?: ReactNode;
  /** A refusal shown above the list. */
  alert?: string | undefined;
  /** Hidden fields the list's save posts (the photos' base). */
  hidden?: ReactNode;
  /** An item's parts, given its file's address. */
  item(item: T, index: number, original: string): MediaItemParts;
}

/** A kind's upload form and its list's form. */
export function MediaForms<T extends Arranged>(props: MediaFormsProps<T>) {
  const { kind, list, csrfToken, imageBaseUrl } = props;
  const { items, count, hydrated, arrangeable } = list;
  return (
    <>
      <UploadForm
        csrfToken={csrfToken}
        title={kind.upload.title}
        titleId={kind.upload.titleId}
        heading={kind.upload.heading}
        headingClass={kind.upload.headingClass}
        intent={kind.upload.intent}
        upload={props.upload}
        stored={kind.upload.stored}
        transfers={list.transfers}
        id={kind.upload.id}
        label={kind.upload.label}
        hint={kind.upload.hint}
        name={kind.upload.field}
        accept={kind.upload.accept}
        hydrated={hydrated}
        submit={kind.upload.submit}
        acceptsDrop={arrangeable.draggingFiles}
        onFiles={list.uploadFiles}
      >
        {props.uploadFields}
      </UploadForm>

      <ArrangeForm
        csrfToken={csrfToken}
        intent={kind.arrange.intent}
        revision={list.revision}
        title={kind.arrange.title(count)}
        titleId={kind.arrange.titleId}
        heading={kind.arrange.heading}
        headingClass={kind.arrange.headingClass}
        alert={props.alert}
        hint={kind.arrange.hint(count)}
        count={count}
        listRef={arrangeable.listRef}
        announcement={arrangeable.announcement}
        save={kind.arrange.save}
        hidden={props.hidden}
      >
        {items.map((item, index) => (
          <ArrangedItem
            key={item.file}
            item={item}
            index={index}
            count={count}
            noun={kind.itemNoun}
            hydrated={hydrated}
            drag={arrangeable.dragProps(index, item.file, (from, to) => list.move(from, to))}
            {...props.item(item, index, imageUrl(imageBaseUrl, "property", item.file))}
            names={kind.names}
            text={{
              label: kind.text.label,
              name: kind.text.name(index),
              value: kind.text.valueOf(item),
              maxLength: kind.text.maxLength,
              placeholder: kind.text.placeholder(index),
              onChange: (value) => list.change(item.file, kind.text.change(value)),
            }}
            // Every item has `removed` (T extends Arranged), which TypeScript cannot see of a Partial<T>.
            change={(file, update) => list.change(file, update as Partial<T>)}
            canMove={(to) => list.canMove(index, to)}
            onMove={(to, focus) => list.move(index, to, focus)}
          />
        ))}
      </ArrangeForm>
    </>
  );
}
