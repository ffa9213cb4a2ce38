import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy, { type Busboy } from "busboy";
import type { Request, Response } from "express";
import { type StorageError, storageErrors } from "~/lib/storage/errors";
import { type BodySink, declaredTooLarge, pumpBody } from "../request-body";

/**
 * The storage API's bodies as streams, apart from its handlers (router.ts): an upload's bytes into a temp file
 * (raw, or multipart parsed as it arrives), each bounded by a limit and refused while it streams in, and a stored
 * object out into the response, telling a visitor who went away from a storage fault.
 */

/** Text fields an upload may carry beside its file (its metadata: a handful); more is refused, not collected. */
const UPLOAD_MAX_FIELDS = 20;

/** Resolves once the stream has released its file (at once when it already has). */
function closedFile(stream: fs.WriteStream): Promise<void> {
  return stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once("close", () => resolve()));
}

function refuseDeclaredTooLarge(req: Request, limit: number, tooLarge: () => StorageError): void {
  if (declaredTooLarge(req, limit)) throw tooLarge();
}

/** Streams a raw request body (the file itself) into a temp file, bounded by `limit`. */
export async function receiveBody(
  req: Request,
  file: string,
  limit: number,
  tooLarge: () => StorageError,
): Promise<number> {
  refuseDeclaredTooLarge(req, limit, tooLarge);
  const out = fs.createWriteStream(file, { flags: "wx" });
  const sink: BodySink = {
    stream: out,
    done: once(out, "finish").then(() => {}),
    async abort() {
      out.destroy();
      await closedFile(out);
      await fsp.rm(file, { force: true });
    },
  };
  return pumpBody(req, limit, tooLarge, sink);
}

type MultipartResult = { fields: Record<string, string>; file: string | null };

const malformed = () => storageErrors.invalidArgument("The multipart body is malformed.");

/**
 * Reads a multipart/form-data request (busboy parses it as it streams in, bounded by `limit`): the one file part is
 * written to `fileOut`, other parts become text fields. A part is the file when it has a file name, or when it is
 * named "file" and typed as binary; a "file" part without either is a text field (a string upload).
 */
export async function receiveMultipart(
  req: Request,
  contentType: string,
  fileOut: string,
  limit: number,
  tooLarge: () => StorageError,
): Promise<MultipartResult> {
  refuseDeclaredTooLarge(req, limit, tooLarge);
  let parser: Busboy;
  try {
    // Fields may be as long as the whole body allows (a string upload): the byte count bounds them, not busboy.
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: limit, fields: UPLOAD_MAX_FIELDS, parts: UPLOAD_MAX_FIELDS + 1 },
    });
  } catch {
    throw storageErrors.invalidArgument("The multipart body has no boundary.");
  }
  const fields: Record<string, string> = {};
  let out: fs.WriteStream | null = null;
  let written: Promise<void> = Promise.resolve();
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      if (name) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (info.filename === undefined && name !== "file") {
        // A text field typed as binary: still a field.
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          if (name) fields[name] = Buffer.concat(chunks).toString("utf8");
        });
        return;
      }
      if (out) {
        stream.resume();
        reject(storageErrors.invalidArgument("Send one file per upload."));
        return;
      }
      out = fs.createWriteStream(fileOut, { flags: "wx" });
      written = pipeline(stream, out);
      // A failed write is reported through `done`: the parser ends only after the file part has been consumed.
      written.catch(() => {});
    });
    const tooManyFields = () =>
      reject(storageErrors.invalidArgument(`An upload carries at most ${UPLOAD_MAX_FIELDS} fields beside its file.`));
    parser.once("fieldsLimit", tooManyFields);
    parser.once("partsLimit", tooManyFields);
    parser.once("error", () => reject(malformed()));
    parser.once("close", () => {
      written.then(resolve, (err: unknown) =>
        reject(err instanceof Error && /end of (form|file)/i.test(err.message) ? malformed() : err),
      );
    });
  });
  const sink: BodySink = {
    stream: parser,
    done,
    async abort() {
      parser.destroy();
      if (out) {
        out.destroy();
        await closedFile(out);
      }
      await fsp.rm(fileOut, { force: true });
    },
  };
  await pumpBody(req, limit, tooLarge, sink);
  return { fields, file: out ? fileOut : null };
}

/** A download the visitor stopped (closed the page, navigated away): nothing went wrong on this side. */
export class DownloadAborted extends Error {
  constructor(readonly code: string | undefined) {
    super("download aborted by the client");
  }
}

/**
 * Streams a stored object into the response. Whichever happens first decides what a failure was: the response
 * closing before it finished (the client went away; the pipeline then fails with a premature close or a reset) or
 * the stored bytes failing to read (a storage fault, even if its own cause is a reset connection to S3).
 */
export async function sendBlob(stream: Readable, res: Response): Promise<void> {
  let first: "client" | "storage" | null = res.destroyed ? "client" : null;
  res.once("close", () => {
    if (!res.writableFinished) first ??= "client";
  });
  stream.on("error", () => {
    first ??= "storage";
  });
  try {
    await pipeline(stream, res);
  } catch (err) {
    if (first === "client") throw new DownloadAborted((err as { code?: string }).code);
    throw err;
  }
}
