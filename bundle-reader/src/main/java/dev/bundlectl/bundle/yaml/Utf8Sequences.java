package dev.bundlectl.bundle.yaml;

/**
 * Decodes the two- and three-byte UTF-8 sequences that stand for one UTF-16 character, for a parser
 * that widens bytes into characters in one pass. Everything else (four-byte sequences, which need
 * two characters, and anything malformed: a stray continuation byte, an overlong form, an encoded
 * surrogate, a truncated sequence) is left to the JDK's reporting decoder, so the well-formedness
 * rules stay the JDK's.
 */
final class Utf8Sequences {

    private Utf8Sequences() {
    }

    /**
     * The character the sequence starting at {@code start} encodes, or -1 when that sequence is not
     * a well-formed two- or three-byte one. {@code bytes[start]} must be a non-ASCII byte.
     */
    static int decodedAt(byte[] bytes, int start) {
        int lead = bytes[start] & 0xFF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            if (start + 1 >= bytes.length || !isContinuation(bytes[start + 1])) {
                return -1;
            }
            return (lead & 0x1F) << 6 | bytes[start + 1] & 0x3F;
        }
        if (lead >= 0xE0 && lead <= 0xEF) {
            if (start + 2 >= bytes.length || !isContinuation(bytes[start + 1]) || !isContinuation(bytes[start + 2])) {
                return -1;
            }
            int c = (lead & 0x0F) << 12 | (bytes[start + 1] & 0x3F) << 6 | bytes[start + 2] & 0x3F;
            // An overlong form of a shorter sequence, or a surrogate, which UTF-8 may not encode.
            return c < 0x800 || c >= 0xD800 && c <= 0xDFFF ? -1 : c;
        }
        return -1;
    }

    /** How many bytes the sequence with this (non-ASCII) lead byte takes, once decodedAt accepted it. */
    static int lengthOf(int lead) {
        return (lead & 0xE0) == 0xC0 ? 2 : 3;
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }
}
