/**
 * Uploading files in the back office (decision 056; the photos and, since decision 052's second
 * addendum, the floor plans). Without JavaScript a file field in a multipart form posts the
 * chosen files to the page. With it, choosing or dropping files sends each at once to the
 * upload endpoint with `XMLHttpRequest` (its upload progress events: `fetch` reports no
 * progress of a request body), one at a time in the order chosen, each shown with a
 * `<progress>` and its outcome; once all are answered the page's data is loaded again.
 */
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { Form, useRevalidator } from "react-router";
import type { PhotoUploadAnswer } from "../../lib/admin-photos.ts";
import { FormToken } from "./form-field.tsx";
import { photosPath } from "./photo-files.ts";

export interface Transfer {
  id: number;
  name: string;
  loaded: number;
  total: number;
  state: "waiting" | "uploading" | "done" | "refused";
  message: string;
}

/**
 * Uploads running at once: one, so files join the listing in the order they were chosen (the
 * server adds each as its upload ends). Each file has its own request and progress.
 */
const parallelUploads = 1;

export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** What the files are in the messages: "photo", "floor plan". */
export interface UploadNoun {
  noun: string;
  /** The answer when the file is already the listing's: "Already one of this listing's photos." */
  duplicate: string;
}

/** The message of an upload's answer (JSON from the endpoint, text for a refused size). */
function uploadOutcome(
  status: number,
  text: string,
  duplicate: string,
): { ok: boolean; message: string } {
  let answer: PhotoUploadAnswer | undefined;
  try {
    answer = JSON.parse(text) as PhotoUploadAnswer;
  } catch {
    answer = undefined;
  }
  const result = answer?.results?.[0];
  if (status === 200 && result?.ok) {
    return { ok: true, message: result.duplicate ? duplicate : "Uploaded." };
  }
  if (result && !result.ok) return { ok: false, message: result.message };
  if (answer?.message) return { ok: false, message: answer.message };
  if (status === 413) return { ok: false, message: text || "The file is too large." };
  if (status === 403) {
    return { ok: false, message: "Your session has ended or the page expired: reload it." };
  }
  return { ok: false, message: `The upload failed (${status || "no answer"}); try again.` };
}

export interface UploadQueueOptions extends UploadNoun {
  code: string;
  csrfToken: string;
  /** The form field the endpoint reads the file from. */
  field: string;
  maxBytes: number;
}

/** The transfers shown, and `uploadFiles` to send more. */
export function useUploadQueue(options: UploadQueueOptions) {
  const { code, csrfToken, field, maxBytes, noun, duplicate } = options;
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const revalidator = useRevalidator();
  const queue = useRef<{ id: number; file: File }[]>([]);
  const active = useRef(0);
  const nextId = useRef(1);

  function update(id: number, change: Partial<Transfer>) {
    setTransfers((current) =>
      current.map((transfer) => (transfer.id === id ? { ...transfer, ...change } : transfer)),
    );
  }

  function send(job: { id: number; file: File }): Promise<void> {
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open("POST", `${photosPath(code)}/upload`);
      request.upload.onprogress = (event) => {
        update(job.id, {
          state: "uploading",
          loaded: event.loaded,
          total: event.lengthComputable ? event.total : job.file.size,
        });
      };
      request.onload = () => {
        const outcome = uploadOutcome(request.status, request.responseText, duplicate);
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
      body.set(field, job.file);
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
      const transfer = { id, name: file.name, loaded: 0, total: file.size };
      if (file.size > maxBytes) {
        added.push({
          ...transfer,
          state: "refused",
          message: `${file.name} is ${megabytes(file.size)}; a ${noun} may be at most ${megabytes(maxBytes)}.`,
        });
        continue;
      }
      added.push({ ...transfer, state: "waiting", message: "" });
      queue.current.push({ id, file });
    }
    setTransfers((current) => [...current, ...added]);
    pump();
  }

  return { transfers, uploadFiles };
}

/** The messages of an upload posted without JavaScript: its refusal and each refused file's. */
function uploadErrors(upload: PhotoUploadAnswer | undefined): string[] {
  return [
    ...(upload && !upload.ok && upload.message ? [upload.message] : []),
    ...(upload?.results ?? []).flatMap((result) => (result.ok ? [] : [result.message])),
  ];
}

/** How many files an upload posted without JavaScript stored. */
function uploadedCount(upload: PhotoUploadAnswer | undefined): number {
  return upload?.results.filter((result) => result.ok).length ?? 0;
}

export interface FileDropProps {
  /** The file field's id; its hint is `{id}-hint`, its errors `{id}-error`. */
  id: string;
  /** "Choose photos": with JavaScript, " or drop them here" follows. */
  label: string;
  hint: string;
  name: string;
  accept: string;
  errors: readonly string[];
  hydrated: boolean;
  /** The submit button's text (hidden with JavaScript: choosing uploads). */
  submit: string;
  /** Whether a drag carries files to take (not an item of a list being ordered). */
  acceptsDrop(event: DragEvent<HTMLElement>): boolean;
  onFiles(files: File[]): void;
  /** More fields of the form without JavaScript, before its button. */
  children?: ReactNode;
}

/** The file field and its drop zone, with the refusals of a post beside it. */
export function FileDrop(props: FileDropProps) {
  const { id, label, hint, name, accept, errors, hydrated, submit, acceptsDrop, onFiles } = props;
  const [dropping, setDropping] = useState(false);
  const invalid = errors.length > 0;
  return (
    <>
      <fieldset
        className={`admin-photos__drop${dropping ? " admin-photos__drop--over" : ""}${invalid ? " admin-field--invalid" : ""}`}
        onDragOver={(event) => {
          if (!acceptsDrop(event)) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          if (!acceptsDrop(event)) return;
          event.preventDefault();
          setDropping(false);
          onFiles([...event.dataTransfer.files]);
        }}
      >
        <label className="admin-field__label" htmlFor={id}>
          {label}
          {hydrated ? <span className="admin-photos__or"> or drop them here</span> : null}
        </label>
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
        <input
          id={id}
          className="admin-photos__input"
          type="file"
          name={name}
          accept={accept}
          multiple
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ""}`}
          onChange={(event) => {
            if (!hydrated) return;
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            if (files.length > 0) onFiles(files);
          }}
        />
        {hydrated ? null : props.children}
        <button className="admin-button" type="submit" hidden={hydrated}>
          {submit}
        </button>
      </fieldset>
      {invalid ? (
        // The alert wraps the list: a list with the alert role would lose its items' list.
        <div className="admin-field__error" id={`${id}-error`} role="alert">
          <ul className="admin-photos__errors">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** Each file sent with JavaScript: its name, its progress bar and its outcome. */
export function UploadProgress({ transfers }: { transfers: readonly Transfer[] }) {
  if (transfers.length === 0) return null;
  return (
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
  );
}

export interface UploadFormProps extends Omit<FileDropProps, "errors"> {
  csrfToken: string;
  /** The form's heading, its element and its id. */
  title: string;
  titleId: string;
  heading: "h2" | "h3";
  headingClass: string;
  /** The page action's `intent` of a post without JavaScript. */
  intent: string;
  /** The answer to the last post without JavaScript. */
  upload: PhotoUploadAnswer | undefined;
  /** What a post without JavaScript stored: "2 photos are uploaded." */
  stored(count: number): string;
  transfers: readonly Transfer[];
}

/**
 * An upload form: a multipart post to the page without JavaScript (its refusals beside the
 * field, how many were stored), each file sent with its progress with it.
 */
export function UploadForm(props: UploadFormProps) {
  const { csrfToken, title, titleId, heading: Heading, headingClass, intent, upload } = props;
  const { stored, transfers, ...drop } = props;
  const count = uploadedCount(upload);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      reloadDocument
      className="admin-photos__upload"
      aria-labelledby={titleId}
    >
      <Heading id={titleId} className={headingClass}>
        {title}
      </Heading>
      <FormToken token={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <FileDrop {...drop} errors={uploadErrors(upload)} />
      {count > 0 ? (
        <p className="admin-notice admin-notice--success" role="status">
          {stored(count)}
        </p>
      ) : null}
      <UploadProgress transfers={transfers} />
    </Form>
  );
}
