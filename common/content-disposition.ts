/**
 * `Content-Disposition: attachment` for a download (RFC 6266): an ASCII fallback name and the
 * UTF-8 name, so æ, ø and å survive. Shared by the portal and the back-end.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "_") || "download";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
