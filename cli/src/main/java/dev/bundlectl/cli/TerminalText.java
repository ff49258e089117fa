package dev.bundlectl.cli;

/**
 * Text from a bundle, made safe to print for a person: a name or value that carries a bidi
 * control (U+202E turns {@code cfg<U+202E>gnp.exe} into what reads as {@code cfgexe.png}) or a
 * terminal control character would otherwise show something else than it is. Each such character
 * is written as {@code \\uXXXX}. Machine output (JSON, YAML) escapes by its own rules and does
 * not come through here.
 */
final class TerminalText {

    private TerminalText() {
    }

    /** {@code text} with bidi controls and control characters other than tab written as {@code \\uXXXX}. */
    static String safe(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder safe = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isHidden(c)) {
                if (safe == null) {
                    safe = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                safe.append(String.format("\\u%04x", (int) c));
            } else if (safe != null) {
                safe.append(c);
            }
        }
        return safe == null ? text : safe.toString();
    }

    private static boolean isHidden(char c) {
        return (c < 0x20 && c != '\t') || c == 0x7f || (c >= 0x80 && c < 0xa0)
                || c == 0x061c || c == 0x200e || c == 0x200f
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }
}
