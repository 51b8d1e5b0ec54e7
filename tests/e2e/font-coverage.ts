/**
 * The characters a shipped woff2 font draws: its cmap, read from the file itself (WOFF2 keeps
 * cmap untransformed in one brotli stream). No font tool needed, and no browser heuristics.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

const CMAP = 0;
const GLYF = 10;
const LOCA = 11;

function base128(bytes: Buffer, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 5; i += 1) {
    const byte = bytes[at + i] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  throw new Error('bad UIntBase128');
}

/** The cmap table's bytes from a WOFF2 file. */
function cmapTable(file: Buffer): Buffer {
  if (file.toString('latin1', 0, 4) !== 'wOF2') throw new Error('not a woff2 file');
  const numTables = file.readUInt16BE(12);
  const compressedLength = file.readUInt32BE(20);
  let at = 48;
  let offset = 0;
  let cmap: { offset: number; length: number } | undefined;
  for (let i = 0; i < numTables; i += 1) {
    const flags = file[at] ?? 0;
    at += 1;
    const known = flags & 0x3f;
    if (known === 0x3f) at += 4;
    const version = (flags >> 6) & 3;
    let length: number;
    [length, at] = base128(file, at);
    const transformed = known === GLYF || known === LOCA ? version === 0 : version !== 0;
    if (transformed) [length, at] = base128(file, at);
    if (known === CMAP) cmap = { offset, length };
    offset += length;
  }
  if (!cmap) throw new Error('no cmap table');
  const data = brotliDecompressSync(file.subarray(at, at + compressedLength));
  return data.subarray(cmap.offset, cmap.offset + cmap.length);
}

/** Every code point the font maps to a glyph (Windows Unicode subtables, formats 4 and 12). */
export function fontCodePoints(path: string): Set<number> {
  const cmap = cmapTable(readFileSync(path));
  const points = new Set<number>();
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i += 1) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const at = cmap.readUInt32BE(8 + i * 8);
    if (platform !== 3 && platform !== 0) continue;
    const format = cmap.readUInt16BE(at);
    if (format === 12) {
      const groups = cmap.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g += 1) {
        const start = cmap.readUInt32BE(at + 16 + g * 12);
        const end = cmap.readUInt32BE(at + 20 + g * 12);
        for (let c = start; c <= end; c += 1) points.add(c);
      }
    } else if (format === 4 && (encoding === 1 || platform === 0)) {
      const segments = cmap.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const ranges = deltas + segments * 2;
      for (let s = 0; s < segments; s += 1) {
        const end = cmap.readUInt16BE(ends + s * 2);
        const start = cmap.readUInt16BE(starts + s * 2);
        const delta = cmap.readInt16BE(deltas + s * 2);
        const rangeOffset = cmap.readUInt16BE(ranges + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c += 1) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const where = ranges + s * 2 + rangeOffset + (c - start) * 2;
            const raw = cmap.readUInt16BE(where);
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) points.add(c);
        }
      }
    }
  }
  return points;
}

/** Arabic-script letters and marks (not the invisible format characters, drawn by no font). */
export function arabicScriptCharacters(text: string): Set<string> {
  const out = new Set<string>();
  for (const char of text) {
    if (/\p{Script=Arabic}/u.test(char) && !/\p{Cf}/u.test(char)) out.add(char);
  }
  return out;
}
