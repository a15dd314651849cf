// §5/§9 secured-loan upload: pdf, jpeg or png — judged by the file's first bytes (its "magic number"),
// never by its name or the content type the browser claims.

export interface AllowedFileType {
  name: 'pdf' | 'jpeg' | 'png';
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
  extensions: readonly string[];
  signature: readonly number[];
}

export const allowedFileTypes: readonly AllowedFileType[] = [
  // ISO 32000: a PDF file begins with "%PDF-".
  {
    name: 'pdf',
    contentType: 'application/pdf',
    extensions: ['pdf'],
    signature: [0x25, 0x50, 0x44, 0x46, 0x2d],
  },
  // JPEG/JFIF/EXIF: SOI marker FF D8 followed by the next marker's FF.
  { name: 'jpeg', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], signature: [0xff, 0xd8, 0xff] },
  // PNG: the fixed 8-byte signature (RFC 2083 § 3.1).
  {
    name: 'png',
    contentType: 'image/png',
    extensions: ['png'],
    signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
];

/** Bytes needed to tell the types apart. */
export const SIGNATURE_LENGTH = Math.max(...allowedFileTypes.map((type) => type.signature.length));

export function detectFileType(head: Uint8Array): AllowedFileType | undefined {
  return allowedFileTypes.find((type) => type.signature.every((byte, index) => head[index] === byte));
}

export function fileTypeOfContentType(contentType: string): AllowedFileType | undefined {
  return allowedFileTypes.find((type) => type.contentType === contentType);
}

const knownExtensions = new Set(allowedFileTypes.flatMap((type) => type.extensions));

/**
 * A file name safe to store and to send back in Content-Disposition: no path, no control characters, at
 * most 200 characters, and an extension that tells the truth about the bytes. A name whose extension says
 * another allowed type ("scan.pdf" holding a PNG) is refused (undefined); a name without one of our
 * extensions gets the right one appended ("lønn mars.2024" → "lønn mars.2024.pdf").
 */
export function honestFilename(raw: string, type: AllowedFileType): string | undefined {
  const base = (raw.split(/[/\\]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (knownExtensions.has(extension)) return type.extensions.includes(extension) ? base : undefined;
  return `${base || 'document'}.${type.extensions[0]}`;
}
