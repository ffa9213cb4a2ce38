import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

/** A new, unused temp file path in `tempDir` (the directory is made when missing). */
export function tempFileMaker(tempDir: string): () => string {
  fs.mkdirSync(tempDir, { recursive: true });
  return () => path.join(tempDir, `${randomUUID()}.tmp`);
}

/** The file's MD5 digest, base64 (as object metadata carries it). */
export async function md5File(file: string): Promise<string> {
  const hash = createHash("md5");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("base64");
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
export async function readHead(file: string, bytes = 4096): Promise<Uint8Array> {
  const fh = await fsp.open(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return new Uint8Array(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

export async function removeFiles(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((f) => fsp.rm(f, { force: true })));
}
