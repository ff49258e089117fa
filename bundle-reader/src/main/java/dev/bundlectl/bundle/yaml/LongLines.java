package dev.bundlectl.bundle.yaml;

/**
 * Finds the first line longer than a bound, in one linear pass. Lines are measured in UTF-8
 * bytes whether the input is bytes or text, so that a bound means the same for both.
 */
final class LongLines {

    private LongLines() {
    }

    /**
     * @return the one-based number of the first line longer than {@code maxBytes} bytes (line
     *     terminators not counted), or 0 when there is none
     */
    static int firstLineLongerThan(byte[] content, int maxBytes) {
        if (content.length <= maxBytes) {
            return 0;
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < content.length; i++) {
            if (content[i] == '\n') {
                if (i - lineStart > maxBytes) {
                    return line;
                }
                line++;
                lineStart = i + 1;
            }
        }
        return content.length - lineStart > maxBytes ? line : 0;
    }

    /** As {@link #firstLineLongerThan(byte[], int)}, for text to be encoded as UTF-8. */
    static int firstLineLongerThan(CharSequence text, int maxBytes) {
        if (text.length() <= maxBytes / 3) {
            // No character takes more than three UTF-8 bytes (a surrogate pair takes four for two).
            return 0;
        }
        int line = 1;
        long lineBytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                if (lineBytes > maxBytes) {
                    return line;
                }
                line++;
                lineBytes = 0;
            } else {
                lineBytes += utf8Length(c);
            }
        }
        return lineBytes > maxBytes ? line : 0;
    }

    private static int utf8Length(char c) {
        if (c < 0x80) {
            return 1;
        }
        if (c < 0x800 || Character.isSurrogate(c)) {
            return 2;
        }
        return 3;
    }
}
