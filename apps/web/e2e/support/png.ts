import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG (8-bit RGB) whose header says `width` x `height` and whose pixel data is `idat`. */
function pngOf(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real `size` x `size` PNG of one colour, made here (no image library in the tests). */
export function png(size: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return pngOf(size, size, deflateSync(Buffer.concat(Array.from({ length: size }, () => row))));
}

/** A small PNG whose header claims `width` x `height` pixels (the server refuses it before decoding). */
export function pngClaiming(width: number, height: number, name = 'enorm.png') {
  return { name, mimeType: 'image/png', buffer: pngOf(width, height, deflateSync(Buffer.alloc(1024))) };
}
