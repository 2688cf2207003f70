import { crc32 } from 'node:zlib';

/**
 * A ZIP archive of stored (uncompressed) entries written as they come: each entry's local header
 * and bytes at once, the central directory at the end (PKWARE APPNOTE 4.3; no ZIP64, so at most
 * 65,535 entries under 4 GiB). PDFs are compressed already: storing them costs nothing.
 */
export class StoredZip {
  private offset = 0;
  private readonly central: Buffer[] = [];

  /** The bytes of one entry (its local header, then the data). */
  entry(name: string, data: Buffer, at = new Date()): Buffer {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const time = (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2);
    const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(fileName.length, 28);
    header.writeUInt32LE(this.offset, 42);
    this.central.push(header, fileName);
    const bytes = Buffer.concat([local, fileName, data]);
    this.offset += bytes.length;
    return bytes;
  }

  /** The central directory and its end record. */
  end(): Buffer {
    const directory = Buffer.concat(this.central);
    const entries = this.central.length / 2;
    const record = Buffer.alloc(22);
    record.writeUInt32LE(0x06054b50, 0);
    record.writeUInt16LE(entries, 8);
    record.writeUInt16LE(entries, 10);
    record.writeUInt32LE(directory.length, 12);
    record.writeUInt32LE(this.offset, 16);
    return Buffer.concat([directory, record]);
  }
}
