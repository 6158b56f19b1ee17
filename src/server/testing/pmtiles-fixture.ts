import { zxyToTileId } from 'pmtiles';

/**
 * A small, valid PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3):
 * a 127-byte header, an uncompressed root directory, JSON metadata and the tiles, in that order.
 * Tests serve it and read it back with the pmtiles package.
 */
export function pmtilesArchive(tiles: { z: number; x: number; y: number; data: Uint8Array }[]) {
  const sorted = tiles
    .map((tile) => ({ ...tile, id: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.id - b.id);
  let offset = 0;
  const entries = sorted.map((tile) => {
    const entry = { id: tile.id, offset, length: tile.data.length };
    offset += tile.data.length;
    return entry;
  });
  const directory = encodeDirectory(entries);
  const metadata = new TextEncoder().encode(
    JSON.stringify({ name: 'skydeck test', vector_layers: [] }),
  );
  const tileData = concat(sorted.map((tile) => tile.data));

  const headerLength = 127;
  const directoryOffset = headerLength;
  const metadataOffset = directoryOffset + directory.length;
  const tilesOffset = metadataOffset + metadata.length;
  const header = new DataView(new ArrayBuffer(headerLength));
  new Uint8Array(header.buffer).set(new TextEncoder().encode('PMTiles'), 0);
  header.setUint8(7, 3);
  const u64 = (at: number, value: number) => header.setBigUint64(at, BigInt(value), true);
  u64(8, directoryOffset);
  u64(16, directory.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tilesOffset); // no leaf directories: offset where they would start, length 0
  u64(48, 0);
  u64(56, tilesOffset);
  u64(64, tileData.length);
  u64(72, sorted.length);
  u64(80, sorted.length);
  u64(88, sorted.length);
  header.setUint8(96, 1); // clustered
  header.setUint8(97, 1); // internal compression: none
  header.setUint8(98, 1); // tile compression: none
  header.setUint8(99, 1); // tile type: MVT
  const zooms = sorted.map((tile) => tile.z);
  header.setUint8(100, Math.min(...zooms));
  header.setUint8(101, Math.max(...zooms));
  header.setInt32(102, -180e7, true);
  header.setInt32(106, -85e7, true);
  header.setInt32(110, 180e7, true);
  header.setInt32(114, 85e7, true);
  header.setUint8(118, Math.min(...zooms));
  return concat([new Uint8Array(header.buffer), directory, metadata, tileData]);
}

/** Entries as the spec lays them out: count, then id deltas, run lengths, lengths, offsets. */
function encodeDirectory(entries: { id: number; offset: number; length: number }[]): Uint8Array {
  const bytes: number[] = [];
  const varint = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
  };
  varint(entries.length);
  let lastId = 0;
  for (const entry of entries) {
    varint(entry.id - lastId);
    lastId = entry.id;
  }
  for (let i = 0; i < entries.length; i++) varint(1);
  for (const entry of entries) varint(entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    // 0 means "right after the previous tile"; otherwise the offset plus one.
    varint(previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return Uint8Array.from(bytes);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
