/**
 * Allocation statement files. The files live below the back-end's files directory
 * (DATA_DIR/files); a statement's `url` column is its path there. `GET /files/statements/{id}`
 * with a users-service access token streams the file to a resident of the statement's tenancy
 * (the portal passes it on); anyone else, a forged id or a missing file gets 404, without a token 401.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, extname, relative, resolve } from "node:path";
import { Readable } from "node:stream";
import { attachmentDisposition } from "@common/content-disposition";
import { isTenancyMember } from "../services/access";
import { createServiceContext, type ServiceDependencies } from "../services/context";

export const statementPathPattern = /^\/files\/statements\/([1-9]\d{0,9})$/;

const contentTypes: Record<string, string> = {
  ".pdf": "application/pdf",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** The file's absolute path, or null when the stored path would leave the files directory. */
export function statementFilePath(filesDir: string, storedPath: string): string | null {
  const root = resolve(filesDir);
  const path = resolve(root, storedPath.replace(/^\/+/, ""));
  const inside = relative(root, path);
  return inside === "" || inside.startsWith("..") || inside.includes("\0") ? null : path;
}

/**
 * A statement's file on the disk and its size, or null when the stored path leaves the files
 * directory or names no file there.
 */
export async function statementFile(
  filesDir: string,
  storedPath: string,
): Promise<{ path: string; size: number } | null> {
  const path = statementFilePath(filesDir, storedPath);
  if (path === null) return null;
  const size = await stat(path).then(
    (s) => (s.isFile() ? s.size : null),
    () => null,
  );
  return size === null ? null : { path, size };
}

export { attachmentDisposition };

function answer(status: number, error: string): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

export async function statementFileResponse(
  deps: ServiceDependencies,
  filesDir: string,
  request: Request,
  id: number,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return answer(405, "Method not allowed");
  let userId: number;
  try {
    userId = (await createServiceContext(deps, "users", request).requireCaller()).id;
  } catch {
    return answer(401, "Login required");
  }
  const statement = await deps.db
    .selectFrom("allocation_statements")
    .select(["tenancy_id", "file_name", "url"])
    .where("id", "=", id)
    .executeTakeFirst();
  // Another tenancy's statement answers as a missing one: ids cannot be probed.
  if (statement === undefined || !(await isTenancyMember(deps.db, userId, statement.tenancy_id)))
    return answer(404, "Not found");
  const file = await statementFile(filesDir, statement.url);
  if (file === null) {
    deps.logger.warn(`allocation statement ${id}: no file at ${statement.url}`);
    return answer(404, "Not found");
  }
  const { path, size } = file;
  const headers = {
    "content-type": contentTypes[extname(path).toLowerCase()] ?? "application/octet-stream",
    "content-length": String(size),
    "content-disposition": attachmentDisposition(statement.file_name || basename(path)),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  };
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  // Streamed from the disk: a 20 MB statement is never held in memory.
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, { status: 200, headers });
}
