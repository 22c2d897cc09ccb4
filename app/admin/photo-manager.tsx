/**
 * The photo manager (decision 056). Two forms that work without JavaScript:
 * - the upload form posts the chosen files to the page (several at once);
 * - the photos form posts every photo in order with its alt text, the cover and the photos to
 *   remove; a move button saves it with that photo one step up or down.
 * With JavaScript, choosing or dropping files uploads each at once (two at a time) to the
 * upload endpoint with its own progress bar, then the list gains the new photos; the move
 * buttons and dragging reorder in place (focus stays on the button, the new position is
 * announced), and "Save photos" saves it all over the listing's revision.
 */
import { type DragEvent, useEffect, useRef, useState } from "react";
import { Form, useRevalidator } from "react-router";
import {
  type ListingPhoto,
  type ListingPhotos,
  type PhotoUploadAnswer,
  photoAccept,
  photoFields,
  photoFormatsText,
  photoLimits,
} from "../../lib/admin-photos.ts";
import { imageVariantPath } from "../../lib/image-variants.ts";
import { imageUrl } from "../site-settings.ts";
import { FormToken } from "./form-field.tsx";
import { photosPath } from "./photo-files.ts";

export interface PhotoManagerProps {
  listing: ListingPhotos;
  csrfToken: string;
  imageBaseUrl: string;
  imageDerivatives: boolean;
  /** The answer to an upload posted without JavaScript. */
  upload?: PhotoUploadAnswer | undefined;
}

interface Item extends ListingPhoto {
  removed: boolean;
}

/** The control to focus once a moved photo is in its new place. */
interface Focus {
  name: string;
  value: string;
}

interface Transfer {
  id: number;
  name: string;
  loaded: number;
  total: number;
  state: "waiting" | "uploading" | "done" | "refused";
  message: string;
}

/** Uploads running at once: each file has its own request and progress. */
const parallelUploads = 2;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const uploadHint = `${photoFormatsText}, up to ${megabytes(photoLimits.maxBytes)} each, at least ${photoLimits.minWidth} × ${photoLimits.minHeight} pixels.`;

function itemsOf(photos: readonly ListingPhoto[]): Item[] {
  return photos.map((photo) => ({ ...photo, removed: false }));
}

/** The message of an upload's answer (JSON from the endpoint, text for a refused size). */
function uploadOutcome(status: number, text: string): { ok: boolean; message: string } {
  let answer: PhotoUploadAnswer | undefined;
  try {
    answer = JSON.parse(text) as PhotoUploadAnswer;
  } catch {
    answer = undefined;
  }
  const result = answer?.results?.[0];
  if (status === 200 && result?.ok) {
    return {
      ok: true,
      message: result.duplicate ? "Already one of this listing's photos." : "Uploaded.",
    };
  }
  if (result && !result.ok) return { ok: false, message: result.message };
  if (answer?.message) return { ok: false, message: answer.message };
  if (status === 413) return { ok: false, message: text || "The file is too large." };
  if (status === 403) {
    return { ok: false, message: "Your session has ended or the page expired: reload it." };
  }
  return { ok: false, message: `The upload failed (${status || "no answer"}); try again.` };
}

export function PhotoManager(props: PhotoManagerProps) {
  const { listing, csrfToken, imageBaseUrl, imageDerivatives, upload } = props;
  const [items, setItems] = useState<Item[]>(() => itemsOf(listing.photos));
  const [cover, setCover] = useState(listing.cover);
  const [revision, setRevision] = useState(listing.revision);
  const [hydrated, setHydrated] = useState(false);
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [dropping, setDropping] = useState(false);
  const revalidator = useRevalidator();
  const focusAfterMove = useRef<Focus | null>(null);
  const dragged = useRef<number | null>(null);
  const queue = useRef<{ id: number; file: File }[]>([]);
  const active = useRef(0);
  const nextId = useRef(1);
  const seenListing = useRef(listing);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => setHydrated(true), []);

  // New data after uploads: the new photos join the end; what was arranged here stays.
  useEffect(() => {
    if (seenListing.current === listing) return;
    seenListing.current = listing;
    setItems((current) => {
      const stored = new Set(listing.photos.map((photo) => photo.file));
      const kept = current.filter((item) => stored.has(item.file));
      const known = new Set(kept.map((item) => item.file));
      return [...kept, ...itemsOf(listing.photos.filter((photo) => !known.has(photo.file)))];
    });
    setCover((chosen) =>
      listing.photos.some((photo) => photo.file === chosen) ? chosen : listing.cover,
    );
    setRevision(listing.revision);
  }, [listing]);

  // A moved photo's control keeps the focus (the list item moved in the document).
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

  /** The cover: it moves to the top, as the site shows it first. */
  function chooseCover(file: string) {
    const from = items.findIndex((item) => item.file === file);
    setCover(file);
    if (from > 0) {
      const next = [...items];
      const [chosen] = next.splice(from, 1);
      if (chosen) next.unshift(chosen);
      setItems(next);
      focusAfterMove.current = { name: photoFields.cover, value: file };
    }
    setAnnouncement(`Photo ${from + 1} is the cover and moves to the top. Save to keep it.`);
  }

  const count = items.length;

  /** Whether a photo may move from `from` to `to`: the cover stays first. */
  function canMove(from: number, to: number): boolean {
    if (from === to || from < 0 || to < 0 || from >= count || to >= count) return false;
    const coverFirst = items[0]?.file === cover;
    return !(coverFirst && (from === 0 || to === 0));
  }

  function move(from: number, wanted: number, focus?: Focus) {
    // Dropped on the cover: the place after it.
    const to = wanted === 0 && items[0]?.file === cover && from !== 0 ? 1 : wanted;
    if (!canMove(from, to)) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setItems(next);
    if (focus) focusAfterMove.current = focus;
    setAnnouncement(`Photo moved to position ${to + 1} of ${count}. Save to keep the order.`);
  }

  function update(id: number, change: Partial<Transfer>) {
    setTransfers((current) =>
      current.map((transfer) => (transfer.id === id ? { ...transfer, ...change } : transfer)),
    );
  }

  function send(job: { id: number; file: File }): Promise<void> {
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open("POST", `${photosPath(listing.code)}/upload`);
      request.upload.onprogress = (event) => {
        update(job.id, {
          state: "uploading",
          loaded: event.loaded,
          total: event.lengthComputable ? event.total : job.file.size,
        });
      };
      request.onload = () => {
        const outcome = uploadOutcome(request.status, request.responseText);
        update(job.id, {
          state: outcome.ok ? "done" : "refused",
          loaded: job.file.size,
          message: outcome.message,
        });
        resolve();
      };
      request.onerror = () => {
        update(job.id, {
          state: "refused",
          message: "The upload failed: check the connection and try again.",
        });
        resolve();
      };
      const body = new FormData();
      body.set("csrf", csrfToken);
      body.set(photoFields.files, job.file);
      update(job.id, { state: "uploading" });
      request.send(body);
    });
  }

  function pump() {
    while (active.current < parallelUploads && queue.current.length > 0) {
      const job = queue.current.shift();
      if (!job) break;
      active.current++;
      void send(job).finally(() => {
        active.current--;
        if (active.current === 0 && queue.current.length === 0) void revalidator.revalidate();
        pump();
      });
    }
  }

  function uploadFiles(files: readonly File[]) {
    const added: Transfer[] = [];
    for (const file of files) {
      const id = nextId.current++;
      if (file.size > photoLimits.maxBytes) {
        added.push({
          id,
          name: file.name,
          loaded: 0,
          total: file.size,
          state: "refused",
          message: `${file.name} is ${megabytes(file.size)}; a photo may be at most ${megabytes(photoLimits.maxBytes)}.`,
        });
        continue;
      }
      added.push({
        id,
        name: file.name,
        loaded: 0,
        total: file.size,
        state: "waiting",
        message: "",
      });
      queue.current.push({ id, file });
    }
    setTransfers((current) => [...current, ...added]);
    pump();
  }

  /** Files dragged in from outside (not one of the list's own photos). */
  const draggingFiles = (event: DragEvent<HTMLElement>) =>
    dragged.current === null && event.dataTransfer.types.includes("Files");

  function dropFiles(event: DragEvent<HTMLElement>) {
    if (!draggingFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    uploadFiles([...event.dataTransfer.files]);
  }

  const refusedPost = upload?.results.filter((result) => !result.ok) ?? [];
  const uploadErrors = [
    ...(upload && !upload.ok && upload.message ? [upload.message] : []),
    ...refusedPost.map((result) => (result.ok ? "" : result.message)),
  ];
  const storedPost = upload?.results.filter((result) => result.ok).length ?? 0;

  return (
    <div className="admin-photos">
      <Form
        method="post"
        encType="multipart/form-data"
        reloadDocument
        className="admin-photos__upload"
        aria-labelledby="photos-upload-title"
      >
        <h2 id="photos-upload-title" className="admin-photos__title">
          Add photos
        </h2>
        <FormToken token={csrfToken} />
        <input type="hidden" name="intent" value="upload" />
        <fieldset
          className={`admin-photos__drop${dropping ? " admin-photos__drop--over" : ""}${uploadErrors.length > 0 ? " admin-field--invalid" : ""}`}
          onDragOver={(event) => {
            if (!draggingFiles(event)) return;
            event.preventDefault();
            setDropping(true);
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={dropFiles}
        >
          <label className="admin-field__label" htmlFor="photo-files">
            Choose photos
            {hydrated ? <span className="admin-photos__or"> or drop them here</span> : null}
          </label>
          <p className="admin-field__hint" id="photo-files-hint">
            {uploadHint}
          </p>
          <input
            id="photo-files"
            className="admin-photos__input"
            type="file"
            name={photoFields.files}
            accept={photoAccept}
            multiple
            aria-invalid={uploadErrors.length > 0 ? true : undefined}
            aria-describedby={`photo-files-hint${uploadErrors.length > 0 ? " photo-files-error" : ""}`}
            onChange={(event) => {
              if (!hydrated) return;
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = "";
              if (files.length > 0) uploadFiles(files);
            }}
          />
          <button className="admin-button" type="submit" hidden={hydrated}>
            Upload
          </button>
        </fieldset>
        {uploadErrors.length > 0 ? (
          <ul
            className="admin-field__error admin-photos__errors"
            id="photo-files-error"
            role="alert"
          >
            {uploadErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        {storedPost > 0 ? (
          <p className="admin-notice admin-notice--success" role="status">
            {storedPost === 1 ? "1 photo is uploaded." : `${storedPost} photos are uploaded.`}
          </p>
        ) : null}
        {transfers.length > 0 ? (
          <ul className="admin-photos__transfers" aria-label="Uploads">
            {transfers.map((transfer) => {
              const percent =
                transfer.total > 0 ? Math.round((transfer.loaded / transfer.total) * 100) : 0;
              return (
                <li
                  key={transfer.id}
                  className={`admin-photos__transfer admin-photos__transfer--${transfer.state}`}
                >
                  <span className="admin-photos__transfer-name">{transfer.name}</span>
                  {transfer.state === "refused" ? (
                    <span />
                  ) : (
                    <progress
                      max={100}
                      value={transfer.state === "done" ? 100 : percent}
                      aria-label={`Upload of ${transfer.name}`}
                    />
                  )}
                  <span className="admin-photos__transfer-state" role="status">
                    {transfer.state === "waiting"
                      ? "Waiting"
                      : transfer.state === "uploading"
                        ? `${percent}%`
                        : transfer.message}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </Form>

      <Form method="post" className="admin-photos__arrange" aria-labelledby="photos-list-title">
        <h2 id="photos-list-title" className="admin-photos__title">
          {count === 0 ? "No photos yet" : count === 1 ? "1 photo" : `${count} photos`}
        </h2>
        <FormToken token={csrfToken} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="revision" value={revision} />
        {count === 0 ? (
          <p className="admin-field__hint">Photos you add show here.</p>
        ) : (
          <p className="admin-field__hint" id="photos-order-hint">
            The cover is first, here and on the site, then the others in this order. Drag a photo,
            or use its Up and Down buttons, to change the order.
          </p>
        )}
        <ol className="admin-photos__list" ref={listRef}>
          {items.map((item, index) => {
            const fieldId = `photo-alt-${item.file.replace(/[^\w-]/g, "-")}`;
            const original = imageUrl(imageBaseUrl, "property", item.file);
            const thumbnail = imageDerivatives ? imageVariantPath(original, 400) : original;
            const isCover = cover === item.file;
            return (
              <li
                key={item.file}
                className={`admin-photo${item.removed ? " admin-photo--removed" : ""}${isCover ? " admin-photo--cover" : ""}`}
                draggable={hydrated}
                onDragStart={(event) => {
                  dragged.current = index;
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", item.file);
                }}
                onDragOver={(event) => {
                  if (dragged.current === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = "move";
                }}
                onDrop={(event) => {
                  if (dragged.current === null) return;
                  event.preventDefault();
                  move(dragged.current, index);
                  dragged.current = null;
                }}
                onDragEnd={() => {
                  dragged.current = null;
                }}
                data-file={item.file}
              >
                <img
                  className="admin-photo__image"
                  src={thumbnail}
                  alt=""
                  width={200}
                  height={133}
                  loading="lazy"
                />
                <div className="admin-photo__fields">
                  <p className="admin-photo__position">
                    {`Photo ${index + 1} of ${count}`}
                    {isCover ? <span className="admin-badge">Cover</span> : null}
                    {item.removed ? (
                      <span className="admin-photo__removal">Removed when you save</span>
                    ) : null}
                  </p>
                  <input type="hidden" name={photoFields.photo} value={item.file} />
                  <div className="admin-field">
                    <label className="admin-field__label" htmlFor={fieldId}>
                      {`Alt text of photo ${index + 1}`}
                    </label>
                    <input
                      className="admin-field__input"
                      id={fieldId}
                      name={photoFields.alt(index)}
                      value={item.alt}
                      maxLength={photoLimits.maxAlt}
                      placeholder="What the photo shows, such as “Kitchen with a garden view”"
                      onChange={(event) => {
                        const alt = event.currentTarget.value;
                        setItems((current) =>
                          current.map((other) =>
                            other.file === item.file ? { ...other, alt } : other,
                          ),
                        );
                      }}
                    />
                  </div>
                  <div className="admin-photo__choices">
                    <label className="admin-choice__option">
                      <input
                        type="radio"
                        name={photoFields.cover}
                        value={item.file}
                        checked={isCover}
                        onChange={() => chooseCover(item.file)}
                      />
                      {` Cover photo`}
                      <span className="visually-hidden">{` (photo ${index + 1})`}</span>
                    </label>
                    <label className="admin-choice__option">
                      <input
                        type="checkbox"
                        name={photoFields.remove}
                        value={item.file}
                        checked={item.removed}
                        onChange={(event) => {
                          const removed = event.currentTarget.checked;
                          setItems((current) =>
                            current.map((other) =>
                              other.file === item.file ? { ...other, removed } : other,
                            ),
                          );
                        }}
                      />
                      {` Remove`}
                      <span className="visually-hidden">{` photo ${index + 1}`}</span>
                    </label>
                  </div>
                </div>
                <div className="admin-photo__moves">
                  {(["up", "down"] as const).map((direction) => {
                    const to = direction === "up" ? index - 1 : index + 1;
                    const value = `${item.file}:${direction}`;
                    const atEnd = !canMove(index, to);
                    return (
                      <button
                        key={direction}
                        className="admin-button admin-button--small admin-button--secondary"
                        type="submit"
                        name={photoFields.move}
                        value={value}
                        aria-label={`Move photo ${index + 1} ${direction}`}
                        aria-disabled={atEnd ? true : undefined}
                        onClick={(event) => {
                          event.preventDefault();
                          move(index, to, { name: photoFields.move, value });
                        }}
                      >
                        {direction === "up" ? "Up" : "Down"}
                      </button>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ol>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        {count > 0 ? (
          <div className="admin-actions">
            <button className="admin-button" type="submit">
              Save photos
            </button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}
