package dev.bundlectl.bundle.yaml;

/** Finds the first line of a byte buffer that is longer than a bound, in one linear pass. */
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
}
