import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Pieces of a multipart/form-data body, with its boundary. */
export const BOUNDARY = '----kwbody7MA4YWxkTrZu0gW';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** The opening of a field part. */
export const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);

/** The opening of a file part; its bytes and `\r\n` follow. */
export const fileHead = (name: string, filename = 'a.bin', type = 'application/octet-stream') =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );

export const closing = () => Buffer.from(`--${BOUNDARY}--\r\n`);

/** A whole multipart body: fields, then files. */
export function multipartBody(fields: [string, string][], files: { name: string; data: Buffer; type?: string }[] = []) {
  return Buffer.concat([
    ...fields.map(([name, value]) => fieldPart(name, value)),
    ...files.flatMap((f) => [fileHead(f.name, 'f.bin', f.type), f.data, Buffer.from('\r\n')]),
    closing(),
  ]);
}

/**
 * A multipart body of `files` file parts of `fileBytes` each, made as it is read (64 KiB at a
 * time), so a test can tell how much of it the server read: `pulled()`.
 */
export function lazyMultipart(fields: [string, string][], files: number, fileBytes: number) {
  const chunk = 64 * 1024;
  const pieces: (Buffer | number)[] = [...fields.map(([n, v]) => fieldPart(n, v))];
  for (let i = 0; i < files; i++) pieces.push(fileHead(`file${i}`), fileBytes, Buffer.from('\r\n'));
  pieces.push(closing());
  const length = pieces.reduce<number>((sum, p) => sum + (typeof p === 'number' ? p : p.length), 0);
  let pulled = 0;
  let index = 0;
  let left = 0;
  const stream = new Readable({
    read() {
      for (;;) {
        if (left > 0) {
          const n = Math.min(chunk, left);
          left -= n;
          pulled += n;
          this.push(Buffer.alloc(n, 120));
          return;
        }
        const piece = pieces[index++];
        if (piece === undefined) {
          this.push(null);
          return;
        }
        if (typeof piece === 'number') left = piece;
        else {
          pulled += piece.length;
          this.push(piece);
          return;
        }
      }
    },
  });
  return { stream, length, pulled: () => pulled };
}

/** A body that sends `first` and then never ends (nor closes): only a server that reads none of it answers. */
export function endlessBody(first: Buffer) {
  const stream = new Readable({ read() {} });
  stream.push(first);
  return stream;
}

/** `promise`, or 'no answer' after `ms`. */
export function within<T>(promise: Promise<T>, ms = 5000): Promise<T | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A valid PNG header that claims `width` x `height` pixels, with almost no image data (a bomb). */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
