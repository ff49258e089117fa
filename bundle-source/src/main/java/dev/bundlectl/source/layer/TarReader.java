package dev.bundlectl.source.layer;

import dev.bundlectl.source.errors.RefusedImageException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a tar stream (ustar, GNU long names, pax headers) one entry at a time, with no lookahead
 * and no buffering of content: the caller reads or skips each entry's bytes. Metadata entries
 * (long names, pax records) are capped, so a header cannot make it allocate without bound.
 */
final class TarReader {

    private static final int BLOCK = 512;
    private static final int MAX_METADATA = 64 * 1024;

    private final InputStream in;
    private final String what;
    private long remaining;
    private long padding;

    TarReader(InputStream in, String what) {
        this.in = in;
        this.what = what;
    }

    /** The next file entry, or null at the end of the archive. */
    TarEntry next() throws IOException {
        skipRest();
        String longName = null;
        String longLink = null;
        String paxPath = null;
        String paxLink = null;
        Long paxSize = null;
        while (true) {
            byte[] header = new byte[BLOCK];
            if (!readBlock(header)) {
                return null;
            }
            if (allZero(header)) {
                return null;
            }
            checkSum(header);
            char type = (char) header[156];
            long size = paxSize != null ? paxSize : number(header, 124, 12);
            if (size < 0) {
                throw refused("an entry with a negative size");
            }
            if (type == 'L' || type == 'K' || type == 'x' || type == 'g') {
                String text = metadata(size);
                if (type == 'L') {
                    longName = text.replaceAll("\0+$", "");
                } else if (type == 'K') {
                    longLink = text.replaceAll("\0+$", "");
                } else if (type == 'x') {
                    PaxRecords records = PaxRecords.parse(text, what);
                    paxPath = records.get("path");
                    paxLink = records.get("linkpath");
                    paxSize = records.size();
                }
                continue;
            }
            String name = longName != null ? longName : paxPath != null ? paxPath : ustarName(header);
            String link = longLink != null ? longLink : paxLink != null ? paxLink : string(header, 157, 100);
            remaining = (type == '0' || type == '\0' || type == '7') ? size : 0;
            padding = (BLOCK - size % BLOCK) % BLOCK;
            if (remaining == 0 && size > 0) {
                // Non-file entries may still carry data in odd archives: skip it.
                remaining = size;
                skipRest();
                remaining = 0;
                padding = 0;
                return new TarEntry(name, type, 0, link);
            }
            return new TarEntry(name, type, size, link);
        }
    }

    /** The current entry's content; reads end at its last byte. */
    InputStream content() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                if (remaining <= 0) {
                    return -1;
                }
                int n = in.read(buffer, offset, (int) Math.min(length, remaining));
                if (n < 0) {
                    throw new EOFException(what + ": the archive ends inside an entry");
                }
                remaining -= n;
                return n;
            }
        };
    }

    private void skipRest() throws IOException {
        skipFully(remaining + padding);
        remaining = 0;
        padding = 0;
    }

    private void skipFully(long count) throws IOException {
        byte[] scratch = new byte[8192];
        while (count > 0) {
            int n = in.read(scratch, 0, (int) Math.min(scratch.length, count));
            if (n < 0) {
                throw new EOFException(what + ": the archive ends inside an entry");
            }
            count -= n;
        }
    }

    private String metadata(long size) throws IOException {
        if (size > MAX_METADATA) {
            throw refused("a tar metadata entry of " + size + " bytes");
        }
        byte[] data = in.readNBytes((int) size);
        if (data.length != size) {
            throw new EOFException(what + ": the archive ends inside an entry");
        }
        skipFully((BLOCK - size % BLOCK) % BLOCK);
        return new String(data, StandardCharsets.UTF_8);
    }

    private boolean readBlock(byte[] block) throws IOException {
        int read = in.readNBytes(block, 0, BLOCK);
        if (read == 0) {
            return false;
        }
        if (read < BLOCK) {
            throw new EOFException(what + ": the archive ends inside a header");
        }
        return true;
    }

    private void checkSum(byte[] header) {
        long recorded = number(header, 148, 8);
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += (i >= 148 && i < 156) ? ' ' : (header[i] & 0xff);
        }
        if (sum != recorded) {
            throw refused("a tar header with a wrong checksum (not a tar layer?)");
        }
    }

    private static boolean allZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static String ustarName(byte[] header) {
        String name = string(header, 0, 100);
        boolean ustar = string(header, 257, 6).startsWith("ustar");
        String prefix = ustar ? string(header, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    private static String string(byte[] header, int offset, int length) {
        int end = offset;
        while (end < offset + length && header[end] != 0) {
            end++;
        }
        return new String(header, offset, end - offset, StandardCharsets.UTF_8);
    }

    private long number(byte[] header, int offset, int length) {
        if ((header[offset] & 0x80) != 0) {
            // GNU base-256: only used for sizes no layer of ours may have.
            throw refused("an entry larger than 8 GiB");
        }
        String text = string(header, offset, length).trim();
        if (text.isEmpty()) {
            return 0;
        }
        try {
            return Long.parseLong(text, 8);
        } catch (NumberFormatException e) {
            throw refused("a tar header with a malformed number (not a tar layer?)");
        }
    }

    private RefusedImageException refused(String problem) {
        return new RefusedImageException(what + ": " + problem);
    }
}
