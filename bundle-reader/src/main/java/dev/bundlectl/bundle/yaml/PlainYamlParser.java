package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.bundlectl.bundle.ReaderLimits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Parses the plain block-style YAML that nearly every manifest is written in, and declines
 * everything else so that {@link SafeYamlLoader} can hand it to SnakeYAML. A decline is never an
 * error: it only means "not in the subset". Reading the corpus this way takes half the CPU time
 * of a bare SnakeYAML parse (bench/README.md, "Fourth pass"): one pass over the text, no token or
 * event objects.
 *
 * <p>The subset: documents separated by {@code ---}; block mappings and sequences (a sequence may
 * sit at its key's indentation, as {@code kubectl} writes them); plain, single- and double-quoted
 * scalars on one line; literal and folded block scalars without indentation indicators; flow
 * sequences and mappings on one line; comments. Declined: anchors, aliases, tags, directives,
 * {@code ...}, complex and merge keys, duplicate keys, multi-line plain and quoted scalars, tabs,
 * carriage returns, byte-order marks, non-printable characters, plain numbers other than decimal
 * integers of up to 18 digits and fractions without an exponent, and anything that is a YAML
 * error (SnakeYAML then reports it in its words).
 *
 * <p>The trees are the ones {@link TreeBuilder} builds from Jackson's YAML parser for the same
 * text: plain scalars are typed by {@link PlainScalarTypes}, and a key with nothing after it is
 * null or the empty string as {@link EmptyValues} says. The lines are
 * the ones Jackson reports: a mapping starts at its first key, a sequence at its first dash.
 * {@code PlainYamlParserTest} compares both readers on every file of the corpus.
 *
 * <p>Nesting deeper than {@link ReaderLimits#maxNestingDepth()} and strings longer than
 * {@link ReaderLimits#maxStringLength()} are declined too, so SnakeYAML's path reports them; the
 * recursion is therefore bounded. Instances hold no state between calls and may be shared.
 */
final class PlainYamlParser {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    // The indent a quoted key or flow scalar is given: it must end on the line it starts on.
    private static final int ONE_LINE = Integer.MAX_VALUE;
    // A value left out ("key:" and nothing more); compared by identity, never part of a tree.
    private static final JsonNode EMPTY = new TextNode(new String());

    private final ReaderLimits limits;
    private final EmptyValues emptyValues;

    PlainYamlParser(ReaderLimits limits, EmptyValues emptyValues) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.emptyValues = Objects.requireNonNull(emptyValues, "emptyValues");
    }

    /** What parsing a text in the subset gave. */
    sealed interface Outcome permits Parsed, Declined {
    }

    /**
     * The text was in the subset.
     *
     * @param documents every document in order, empty ones included (with a null root), so that
     *     document indexes match SnakeYAML's
     */
    record Parsed(List<Document> documents) implements Outcome {
        Parsed {
            documents = List.copyOf(documents);
        }
    }

    /** The text is outside the subset; SnakeYAML must read it. */
    record Declined(String reason) implements Outcome {
    }

    /**
     * One document.
     *
     * @param root the root value, or null for an empty document
     * @param line the one-based line where the root value starts, or 0 for an empty document
     * @param elementLines when the root is a sequence, the line where each element starts
     */
    record Document(JsonNode root, int line, List<Integer> elementLines) {
    }

    /** Parses UTF-8 bytes, declining a byte-order mark and malformed UTF-8. */
    Outcome parse(byte[] utf8) {
        if (utf8.length >= 3 && (utf8[0] & 0xFF) == 0xEF && (utf8[1] & 0xFF) == 0xBB && (utf8[2] & 0xFF) == 0xBF) {
            return new Declined("byte-order mark");
        }
        // One pass over the bytes decodes them into the parser's characters and finds the first
        // unprintable one. Decoding into a String, then copying its characters out and scanning them
        // again, cost three passes over every file with a non-ASCII character (a CSV's description
        // with one typographic quote, say). The ASCII part, most of every file, has a loop of its
        // own, where a byte is a character at the same index: under C1 that loop is a third faster
        // than the general one (bench/README.md, "One pass over a file's bytes").
        char[] chars = new char[utf8.length];
        int unprintable = -1;
        int i = 0;
        for (; i < utf8.length; i++) {
            byte b = utf8[i];
            if (b < 0x20 || b == 0x7F) {
                if (b < 0) {
                    break;
                }
                // Only control characters and DEL can be refused here; which ones is isUnprintable's to say.
                if (unprintable < 0 && isUnprintable((char) b)) {
                    unprintable = i;
                }
            }
            chars[i] = (char) b;
        }
        if (i == utf8.length) {
            return unprintable >= 0
                    ? new Declined(unprintableReason(chars[unprintable]))
                    : parsePrintable(new String(utf8, StandardCharsets.ISO_8859_1), chars);
        }
        int length = i;
        while (i < utf8.length) {
            int b = utf8[i];
            char c;
            if (b >= 0) {
                c = (char) b;
                i++;
            } else {
                int decoded = Utf8Sequences.decodedAt(utf8, i);
                if (decoded < 0) {
                    // Four-byte and malformed sequences: the reporting decoder tells them apart.
                    Optional<String> text = new FileBytes.Content(utf8).utf8();
                    return text.isPresent() ? parse(text.get()) : new Declined("not UTF-8");
                }
                c = (char) decoded;
                i += Utf8Sequences.lengthOf(b);
            }
            if ((c < 0x20 || c >= 0x7F) && unprintable < 0 && isUnprintable(c)) {
                unprintable = length;
            }
            chars[length++] = c;
        }
        if (unprintable >= 0) {
            return new Declined(unprintableReason(chars[unprintable]));
        }
        char[] decoded = Arrays.copyOf(chars, length);
        return parsePrintable(new String(decoded), decoded);
    }

    /** Parses a text. */
    Outcome parse(String text) {
        char[] chars = text.toCharArray();
        String unprintable = firstUnprintable(chars);
        if (unprintable != null) {
            return new Declined(unprintable);
        }
        return parsePrintable(text, chars);
    }

    /** Parses a text, {@code chars} its characters, in which {@link #firstUnprintable} finds nothing. */
    private Outcome parsePrintable(String text, char[] chars) {
        try {
            return new Parsed(new Cursor(text, chars).documents());
        } catch (Decline decline) {
            return new Declined(decline.getMessage());
        }
    }

    /** Characters SnakeYAML refuses or reads as line breaks, and the tab, which YAML treats specially. */
    private static String firstUnprintable(char[] chars) {
        for (char c : chars) {
            if (isUnprintable(c)) {
                return unprintableReason(c);
            }
        }
        return null;
    }

    private static boolean isUnprintable(char c) {
        return c < 0x20 ? c != '\n' : c >= 0x7F && (c <= 0x9F || c == 0x2028 || c == 0x2029 || c == 0xFEFF || c >= 0xFFFE);
    }

    private static String unprintableReason(char c) {
        return String.format("character U+%04X", (int) c);
    }

    /** Why a text is outside the subset; thrown without a stack trace, caught in {@link #parse}. */
    private static final class Decline extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Decline(String reason) {
            super(reason, null, false, false);
        }
    }

    /** The parse of one text: a position in it, its line, and where that line starts. */
    private final class Cursor {
        private final String s;
        /**
         * The text's characters: the parser reads one at a time, and under the C1 compiler that
         * runs the CLI, {@code String.charAt} (coder test, index check, then the load) cost twice
         * what an array load does (bench/README.md, "Catalogs").
         */
        private final char[] chars;
        private final int n;
        private final PlainScalarTypes types = new PlainScalarTypes();
        private int pos;
        private int line = 1;
        private int lineStart;
        private int depth;
        private List<Integer> elementLines;

        Cursor(String s, char[] chars) {
            this.s = s;
            this.chars = chars;
            this.n = chars.length;
        }

        List<Document> documents() {
            List<Document> documents = new ArrayList<>();
            skipBlankLines();
            if (pos >= n) {
                return documents;
            }
            boolean first = true;
            while (true) {
                if (isDocumentStart()) {
                    pos += 3;
                    endOfLine();
                } else if (!first) {
                    throw new Decline("content after a document");
                }
                first = false;
                skipBlankLines();
                if (pos >= n || isDocumentStart()) {
                    documents.add(new Document(null, 0, List.of()));
                } else {
                    documents.add(document());
                }
                if (pos >= n) {
                    return documents;
                }
            }
        }

        private Document document() {
            int rootLine = line;
            List<Integer> lines = new ArrayList<>();
            elementLines = lines;
            JsonNode root = blockNode(-1, false);
            elementLines = null;
            skipBlankLines();
            return new Document(root, rootLine, root instanceof ArrayNode ? lines : List.of());
        }

        /** At the start of a content line: the node that starts there, or empty if it is not indented past {@code parent}. */
        private JsonNode blockNode(int parent, boolean sequenceAtParentIndent) {
            if (pos >= n) {
                return empty();
            }
            int indent = indentHere();
            int at = lineStart + indent;
            if (indent < parent || indent == parent && !(sequenceAtParentIndent && isEntry(at))) {
                return empty();
            }
            if (indent == 0 && (isDocumentStart() || s.startsWith("...", at))) {
                return empty();
            }
            pos = at;
            if (isEntry(at)) {
                return sequence(indent);
            }
            if (isKey(at)) {
                return mapping(indent);
            }
            return inlineValue(parent);
        }

        private ArrayNode sequence(int indent) {
            enter();
            ArrayNode sequence = NODES.arrayNode();
            List<Integer> lines = elementLines;
            elementLines = null;
            while (true) {
                pos++; // the dash
                int entryLine = line;
                skipSpaces();
                JsonNode value;
                if (atLineEnd()) {
                    endOfLine();
                    skipBlankLines();
                    int valueLine = line;
                    value = blockNode(indent, false);
                    entryLine = value == EMPTY ? entryLine : valueLine;
                } else if (isEntry(pos)) {
                    value = sequence(pos - lineStart);
                } else if (isKey(pos)) {
                    value = mapping(pos - lineStart);
                } else {
                    value = inlineValue(indent);
                }
                if (lines != null) {
                    lines.add(entryLine);
                }
                sequence.add(materialise(value));
                skipBlankLines();
                if (pos >= n) {
                    break;
                }
                int next = indentHere();
                if (next > indent) {
                    throw new Decline("unexpected indentation at line " + line);
                }
                if (next < indent || !isEntry(lineStart + next)) {
                    break;
                }
                pos = lineStart + next;
            }
            depth--;
            return sequence;
        }

        private ObjectNode mapping(int indent) {
            enter();
            elementLines = null;
            ObjectNode mapping = NODES.objectNode();
            while (true) {
                String key = key();
                skipSpaces();
                JsonNode value;
                if (atLineEnd()) {
                    endOfLine();
                    skipBlankLines();
                    value = blockNode(indent, true);
                } else {
                    value = inlineValue(indent);
                }
                // One lookup: a key seen before is found when its value goes in (the text is then
                // SnakeYAML's to read, whatever the value held).
                if (mapping.replace(key, materialise(value)) != null) {
                    throw new Decline("duplicate key");
                }
                skipBlankLines();
                if (pos >= n) {
                    break;
                }
                int next = indentHere();
                if (next > indent) {
                    throw new Decline("unexpected indentation at line " + line);
                }
                if (next < indent || indent == 0 && (isDocumentStart() || s.startsWith("...", lineStart))) {
                    break;
                }
                pos = lineStart + next;
                if (!isKey(pos)) {
                    throw new Decline("not a key at line " + line);
                }
            }
            depth--;
            return mapping;
        }

        /** A key and its colon; the caller checked with {@link #isKey}. */
        private String key() {
            char c = chars[pos];
            String key;
            if (c == '"' || c == '\'') {
                key = c == '"' ? doubleQuoted(ONE_LINE) : singleQuoted(ONE_LINE);
                skipSpaces();
            } else {
                int start = pos;
                int colon = keyColon(pos);
                int end = colon;
                while (end > start && chars[end - 1] == ' ') {
                    end--;
                }
                key = s.substring(start, end);
                pos = colon;
                if (key.equals("<<") || types.tagOf(key) != Tag.STR) {
                    throw new Decline("a key that is not a plain string");
                }
            }
            if (pos >= n || chars[pos] != ':') {
                throw new Decline("a quoted key without a colon");
            }
            pos++;
            return key;
        }

        /**
         * A scalar or flow value that starts at {@code pos}, after a key's colon, a dash or on a
         * line of its own; a scalar may continue on lines indented past {@code indent}.
         */
        private JsonNode inlineValue(int indent) {
            char c = chars[pos];
            JsonNode value;
            switch (c) {
                case '"':
                    value = text(doubleQuoted(indent));
                    break;
                case '\'':
                    value = text(singleQuoted(indent));
                    break;
                case '[':
                case '{':
                    value = flow();
                    break;
                case '|':
                case '>':
                    return blockScalar(indent);
                default:
                    value = plain(indent);
                    break;
            }
            endOfLine();
            return value;
        }

        /** A plain scalar from {@code pos}, folded over the following lines indented past {@code indent}. */
        private JsonNode plain(int indent) {
            if (!startsPlainScalar(pos)) {
                throw new Decline("a value starting with an indicator at line " + line);
            }
            int start = pos;
            int end = plainLineEnd();
            if (pos < n && chars[pos] == '#') {
                return scalar(s.substring(start, end));
            }
            StringBuilder folded = null;
            while (pos < n) {
                // Look past blank lines for a continuation: text indented past the parent.
                int breaks = 0;
                int next = pos + 1;
                int spaces;
                while (true) {
                    spaces = 0;
                    while (next + spaces < n && chars[next + spaces] == ' ') {
                        spaces++;
                    }
                    if (next + spaces < n && chars[next + spaces] == '\n') {
                        breaks++;
                        next += spaces + 1;
                    } else {
                        break;
                    }
                }
                int first = next + spaces;
                if (first >= n || spaces <= indent || chars[first] == '#') {
                    break;
                }
                // Indicators mean nothing at the start of a continuation line: it is text.
                if (folded == null) {
                    folded = new StringBuilder(s.length() - start < 256 ? 64 : 256).append(s, start, end);
                }
                for (int lineBreak = s.indexOf('\n', pos); lineBreak < first; lineBreak = s.indexOf('\n', pos)) {
                    newLine(lineBreak + 1);
                }
                pos = first;
                int lineEnd = plainLineEnd();
                if (pos < n && chars[pos] == '#') {
                    throw new Decline("a comment after a continuation line at line " + line);
                }
                folded.append(breaks == 0 ? " " : "\n".repeat(breaks)).append(s, first, lineEnd);
            }
            return scalar(folded == null ? s.substring(start, end) : folded.toString());
        }

        /**
         * Moves {@code pos} to the end of a plain scalar's line (a line break, the end, or a
         * comment's {@code #}) and returns where its text ends, trailing spaces excluded.
         */
        private int plainLineEnd() {
            int end = pos;
            while (pos < n) {
                char d = chars[pos];
                if (d == '\n' || d == '#' && chars[pos - 1] == ' ') {
                    break;
                }
                if (d == ':' && isBlankAt(pos + 1)) {
                    throw new Decline("a mapping inside a value at line " + line);
                }
                pos++;
                if (d != ' ') {
                    end = pos;
                }
            }
            return end;
        }

        private JsonNode flow() {
            enter();
            char open = chars[pos++];
            char close = open == '[' ? ']' : '}';
            ContainerBuilder container = open == '[' ? new ContainerBuilder(NODES.arrayNode()) : new ContainerBuilder(NODES.objectNode());
            skipFlowSpaces();
            if (chars[pos] == close) {
                pos++;
                depth--;
                return container.node;
            }
            while (true) {
                String key = null;
                if (open == '{') {
                    key = flowKey();
                    skipFlowSpaces();
                }
                container.add(key, flowValue());
                skipFlowSpaces();
                char c = chars[pos++];
                if (c == close) {
                    break;
                }
                if (c != ',') {
                    throw new Decline("unexpected '" + c + "' in a flow collection at line " + line);
                }
                skipFlowSpaces();
                if (chars[pos] == close) {
                    throw new Decline("a trailing comma in a flow collection");
                }
            }
            depth--;
            return container.node;
        }

        private String flowKey() {
            char c = chars[pos];
            String key;
            if (c == '"' || c == '\'') {
                key = c == '"' ? doubleQuoted(ONE_LINE) : singleQuoted(ONE_LINE);
                skipFlowSpaces();
            } else {
                int start = pos;
                while (pos < n && ",[]{}\n:#".indexOf(chars[pos]) < 0) {
                    pos++;
                }
                key = s.substring(start, pos).stripTrailing();
                if (key.isEmpty() || "&*!%@`?-".indexOf(key.charAt(0)) >= 0 || types.tagOf(key) != Tag.STR) {
                    throw new Decline("a flow key that is not a plain string");
                }
            }
            if (pos + 1 >= n || chars[pos] != ':' || chars[pos + 1] != ' ') {
                throw new Decline("a flow mapping entry without ': '");
            }
            pos += 2;
            return key;
        }

        private JsonNode flowValue() {
            char c = chars[pos];
            switch (c) {
                case '[':
                case '{':
                    return flow();
                case '"':
                    return text(doubleQuoted(ONE_LINE));
                case '\'':
                    return text(singleQuoted(ONE_LINE));
                default:
                    if (!startsPlainScalar(pos)) {
                        throw new Decline("a flow value starting with an indicator");
                    }
                    int start = pos;
                    while (pos < n && ",[]{}\n#".indexOf(chars[pos]) < 0) {
                        if (chars[pos] == ':') {
                            throw new Decline("a colon in a flow value");
                        }
                        pos++;
                    }
                    return scalar(s.substring(start, pos).stripTrailing());
            }
        }

        /**
         * A double-quoted scalar from {@code pos}; it may continue on lines indented past
         * {@code indent}, or must end on its line when that is {@link #ONE_LINE}.
         */
        private String doubleQuoted(int indent) {
            StringBuilder value = new StringBuilder();
            int keep = 0;
            int i = pos + 1;
            while (true) {
                if (i >= n) {
                    throw new Decline("an unclosed double-quoted scalar");
                }
                char c = chars[i];
                if (c == '"') {
                    break;
                }
                if (c == '\n') {
                    i = quotedLineBreak(i, value, keep, indent, false);
                    keep = value.length();
                    continue;
                }
                if (c != '\\') {
                    value.append(c);
                    i++;
                    if (c != ' ') {
                        keep = value.length();
                    }
                    continue;
                }
                char e = i + 1 < n ? chars[i + 1] : ' ';
                if (e == '\n') {
                    i = quotedLineBreak(i + 1, value, keep, indent, true);
                    keep = value.length();
                    continue;
                }
                i += 2;
                switch (e) {
                    case '\\':
                    case '"':
                    case ' ':
                        value.append(e);
                        break;
                    case 'n':
                        value.append('\n');
                        break;
                    case 't':
                        value.append('\t');
                        break;
                    case 'r':
                        value.append('\r');
                        break;
                    case '0':
                        value.append('\0');
                        break;
                    case 'x':
                    case 'u':
                        int digits = e == 'x' ? 2 : 4;
                        char decoded = (char) hex(i, digits);
                        if (Character.isSurrogate(decoded)) {
                            throw new Decline("an escaped surrogate");
                        }
                        value.append(decoded);
                        i += digits;
                        break;
                    default:
                        throw new Decline("the escape \\" + e + " at line " + line);
                }
                keep = value.length();
            }
            pos = i + 1;
            return value.toString();
        }

        /**
         * Folds a line break inside a quoted scalar, at {@code i}: the spaces before it go, one
         * break becomes a space and each blank line a line feed (an escaped break joins the
         * lines as they are). Returns where the text goes on, on the next line that is not blank.
         */
        private int quotedLineBreak(int i, StringBuilder value, int keep, int indent, boolean escaped) {
            if (indent == ONE_LINE) {
                throw new Decline("a quoted scalar over several lines where one line is allowed");
            }
            if (!escaped) {
                value.setLength(keep);
            }
            int breaks = 0;
            int at = i;
            while (true) {
                newLine(at + 1);
                int k = at + 1;
                while (k < n && chars[k] == ' ') {
                    k++;
                }
                if (k >= n) {
                    throw new Decline("an unclosed quoted scalar");
                }
                if (chars[k] != '\n') {
                    if (k - lineStart <= indent || k == lineStart && (s.startsWith("---", k) || s.startsWith("...", k))) {
                        throw new Decline("a quoted scalar's line not indented past its parent at line " + line);
                    }
                    if (escaped && breaks > 0) {
                        throw new Decline("blank lines after an escaped line break");
                    }
                    if (!escaped) {
                        value.append(breaks == 0 ? " " : "\n".repeat(breaks));
                    }
                    return k;
                }
                breaks++;
                at = k;
            }
        }

        private int hex(int from, int digits) {
            if (from + digits > n) {
                throw new Decline("a short escape");
            }
            int value = 0;
            for (int i = from; i < from + digits; i++) {
                int digit = Character.digit(chars[i], 16);
                if (digit < 0) {
                    throw new Decline("a bad escape");
                }
                value = value * 16 + digit;
            }
            return value;
        }

        /** A single-quoted scalar from {@code pos}; see {@link #doubleQuoted} for {@code indent}. */
        private String singleQuoted(int indent) {
            StringBuilder value = new StringBuilder();
            int keep = 0;
            int i = pos + 1;
            while (true) {
                if (i >= n) {
                    throw new Decline("an unclosed single-quoted scalar");
                }
                char c = chars[i];
                if (c == '\n') {
                    i = quotedLineBreak(i, value, keep, indent, false);
                    keep = value.length();
                    continue;
                }
                if (c == '\'') {
                    if (i + 1 < n && chars[i + 1] == '\'') {
                        value.append('\'');
                        keep = value.length();
                        i += 2;
                        continue;
                    }
                    break;
                }
                value.append(c);
                i++;
                if (c != ' ') {
                    keep = value.length();
                }
            }
            pos = i + 1;
            return value.toString();
        }

        /** A literal ({@code |}) or folded ({@code >}) scalar whose lines are indented past {@code parent}. */
        private JsonNode blockScalar(int parent) {
            boolean folded = chars[pos++] == '>';
            char chomping = pos < n && (chars[pos] == '-' || chars[pos] == '+') ? chars[pos++] : ' ';
            if (pos < n && chars[pos] != ' ' && chars[pos] != '\n') {
                throw new Decline("a block scalar header with an indentation indicator");
            }
            endOfLine();
            List<String> lines = new ArrayList<>();
            int indent = -1;
            int leadingBlankWidth = 0;
            while (pos < n) {
                int spaces = 0;
                while (pos + spaces < n && chars[pos + spaces] == ' ') {
                    spaces++;
                }
                int eol = s.indexOf('\n', pos + spaces);
                int end = eol < 0 ? n : eol;
                boolean blank = pos + spaces == end;
                if (indent < 0) {
                    if (blank) {
                        leadingBlankWidth = Math.max(leadingBlankWidth, spaces);
                    } else if (spaces <= parent) {
                        break;
                    } else {
                        indent = spaces;
                        if (leadingBlankWidth > indent) {
                            throw new Decline("a block scalar's leading blank line is indented past its text");
                        }
                    }
                } else if (!blank && spaces < indent) {
                    break;
                }
                if (eol < 0) {
                    throw new Decline("a block scalar at the end of the text without a line break");
                }
                if (blank && spaces > Math.max(indent, 0)) {
                    throw new Decline("a block scalar line of spaces only, indented past its text");
                }
                lines.add(blank ? "" : s.substring(pos + indent, end));
                newLine(eol + 1);
            }
            if (indent < 0) {
                throw new Decline("a block scalar without text");
            }
            int last = lines.size() - 1;
            while (lines.get(last).isEmpty()) {
                last--;
            }
            StringBuilder value = new StringBuilder();
            for (int i = 0; i <= last; i++) {
                String text = lines.get(i);
                if (i > 0) {
                    value.append(folded ? foldedBreak(lines.get(i - 1), text) : "\n");
                }
                if (folded && (text.startsWith(" ") || text.isEmpty() && i == 0)) {
                    throw new Decline("a folded scalar with more-indented or leading blank lines");
                }
                value.append(text);
            }
            if (chomping != '-') {
                value.append('\n');
            }
            if (chomping == '+') {
                value.append("\n".repeat(lines.size() - 1 - last));
            }
            return text(value.toString());
        }

        /** Folding: a break between two lines of text becomes a space; a blank line is a break of its own. */
        private String foldedBreak(String previous, String current) {
            if (current.isEmpty()) {
                return "\n";
            }
            return previous.isEmpty() ? "" : " ";
        }

        private JsonNode scalar(String plain) {
            JsonNode node = types.nodeOrNull(plain);
            if (node == null) {
                throw new Decline("a number other than a decimal integer or fraction");
            }
            if (node.isTextual() && plain.length() > limits.maxStringLength()) {
                throw new Decline("a string longer than the limit");
            }
            return node;
        }

        private JsonNode text(String value) {
            if (value.length() > limits.maxStringLength()) {
                throw new Decline("a string longer than the limit");
            }
            return NODES.textNode(value);
        }

        private JsonNode empty() {
            return EMPTY;
        }

        private JsonNode materialise(JsonNode value) {
            if (value == EMPTY) {
                return emptyValues == EmptyValues.NULL ? NODES.nullNode() : NODES.textNode("");
            }
            return value;
        }

        private void enter() {
            if (++depth >= limits.maxNestingDepth()) {
                throw new Decline("nesting at the limit");
            }
        }

        /** Whether a key (plain or quoted, then a colon and a blank) starts at {@code i}. */
        private boolean isKey(int i) {
            char c = chars[i];
            if (c == '"' || c == '\'') {
                int close = closingQuote(i);
                if (close < 0) {
                    return false;
                }
                int j = close + 1;
                while (j < n && chars[j] == ' ') {
                    j++;
                }
                return j < n && chars[j] == ':' && isBlankAt(j + 1);
            }
            return startsPlainScalar(i) && keyColon(i) >= 0;
        }

        /**
         * Whether a plain scalar may start at {@code i}: not at an indicator, and not at
         * {@code -}, {@code ?} or {@code :} followed by a blank. The callers have already taken
         * quotes, flow collections and block scalars where those are allowed.
         */
        private boolean startsPlainScalar(int i) {
            char c = chars[i];
            // Letters and digits, most scalars' first character, are no indicator.
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
                return true;
            }
            return "&*!%@`|>,[]{}#".indexOf(c) < 0 && !((c == '-' || c == '?' || c == ':') && isBlankAt(i + 1));
        }

        /** The colon that ends a plain key starting at {@code i}, or -1 if none on this line. */
        private int keyColon(int i) {
            for (int j = i; j < n; j++) {
                char c = chars[j];
                if (c == '\n' || c == '#' && chars[j - 1] == ' ') {
                    return -1;
                }
                if (c == ':' && isBlankAt(j + 1)) {
                    return j;
                }
            }
            return -1;
        }

        /**
         * Where the one-line quoted scalar opening at {@code i} closes, or -1 if not on its line:
         * a backslash escapes the next character in double quotes, {@code ''} is a quote in single.
         */
        private int closingQuote(int i) {
            char quote = chars[i];
            for (int j = i + 1; j < n; j++) {
                char c = chars[j];
                if (c == '\n') {
                    return -1;
                }
                if (quote == '"' && c == '\\' || quote == '\'' && c == '\'' && j + 1 < n && chars[j + 1] == '\'') {
                    j++;
                } else if (c == quote) {
                    return j;
                }
            }
            return -1;
        }

        private boolean isEntry(int i) {
            return chars[i] == '-' && isBlankAt(i + 1);
        }

        private boolean isBlankAt(int i) {
            return i >= n || chars[i] == ' ' || chars[i] == '\n';
        }

        private boolean isDocumentStart() {
            return pos == lineStart && s.startsWith("---", pos) && isBlankAt(pos + 3);
        }

        private boolean atLineEnd() {
            return pos >= n || chars[pos] == '\n' || chars[pos] == '#';
        }

        private void skipSpaces() {
            while (pos < n && chars[pos] == ' ') {
                pos++;
            }
        }

        private void skipFlowSpaces() {
            skipSpaces();
            if (pos >= n || chars[pos] == '\n' || chars[pos] == '#') {
                throw new Decline("a flow collection over several lines");
            }
        }

        /** After a value: only spaces and a comment may follow on its line; moves to the next line. */
        private void endOfLine() {
            int start = pos;
            skipSpaces();
            if (pos < n && chars[pos] == '#') {
                if (pos == start && pos > lineStart && chars[pos - 1] != ' ') {
                    throw new Decline("a comment not preceded by a space");
                }
            } else if (pos < n && chars[pos] != '\n') {
                throw new Decline("more content after a value at line " + line);
            }
            int eol = s.indexOf('\n', pos);
            newLine(eol < 0 ? n : eol + 1);
        }

        /** Skips lines that are empty, spaces only or comments; leaves {@code pos} at the start of a line. */
        private void skipBlankLines() {
            while (pos < n) {
                int i = pos;
                while (i < n && chars[i] == ' ') {
                    i++;
                }
                if (i < n && chars[i] != '\n' && chars[i] != '#') {
                    return;
                }
                int eol = s.indexOf('\n', i);
                newLine(eol < 0 ? n : eol + 1);
            }
        }

        private int indentHere() {
            int i = lineStart;
            while (i < n && chars[i] == ' ') {
                i++;
            }
            return i - lineStart;
        }

        private void newLine(int start) {
            if (start > pos && chars[start - 1] == '\n') {
                line++;
            }
            pos = start;
            lineStart = start;
        }
    }

    /** The mapping or sequence a flow collection is building. */
    private static final class ContainerBuilder {
        final JsonNode node;

        ContainerBuilder(JsonNode node) {
            this.node = node;
        }

        void add(String key, JsonNode value) {
            if (node instanceof ArrayNode array) {
                array.add(value);
            } else if (((ObjectNode) node).has(key)) {
                throw new Decline("duplicate key");
            } else {
                ((ObjectNode) node).set(key, value);
            }
        }
    }
}
