package dev.bundlectl.plan.api;

import dev.bundlectl.bundle.yaml.InputFileException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the table printed by {@code kubectl api-resources}, plain or {@code -o wide}:
 * {@code NAME SHORTNAMES APIVERSION NAMESPACED KIND [VERBS CATEGORIES]}.
 *
 * <p>Cells are cut at the header's column positions rather than split on blanks, because
 * SHORTNAMES is often empty and the wide VERBS column holds blanks inside brackets.
 */
final class KubectlApiResourcesParser {

    private static final String NAME = "NAME";
    private static final String APIVERSION = "APIVERSION";
    private static final String NAMESPACED = "NAMESPACED";
    private static final String KIND = "KIND";

    private KubectlApiResourcesParser() {
    }

    /** Whether this header line is a {@code kubectl api-resources} header (current or old). */
    static boolean isHeader(String line) {
        List<String> names = columnNames(line);
        return !names.isEmpty() && names.get(0).equals(NAME) && names.contains(KIND) && names.contains(NAMESPACED);
    }

    static List<ApiResource> parse(String text, String file) throws InputFileException {
        String[] lines = text.split("\\R", -1);
        int headerIndex = firstNonBlank(lines);
        Columns columns = Columns.of(lines[headerIndex], file, headerIndex + 1);
        SurfaceEntries entries = new SurfaceEntries(file);
        List<ApiResource> resources = new ArrayList<>();
        for (int i = headerIndex + 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            ApiResource resource = row(lines[i], columns, file, i + 1);
            entries.add(i + 1, resource);
            resources.add(resource);
        }
        if (resources.isEmpty()) {
            throw new InputFileException(file, headerIndex + 1, "the kubectl api-resources table has no rows");
        }
        return resources;
    }

    private static ApiResource row(String line, Columns columns, String file, int lineNumber) throws InputFileException {
        String name = columns.cell(line, NAME, file, lineNumber);
        String apiVersion = columns.cell(line, APIVERSION, file, lineNumber);
        String namespaced = columns.cell(line, NAMESPACED, file, lineNumber);
        String kind = columns.cell(line, KIND, file, lineNumber);
        if (name.isEmpty() || apiVersion.isEmpty() || kind.isEmpty()) {
            throw new InputFileException(file, lineNumber,
                    "row has an empty " + (name.isEmpty() ? NAME : apiVersion.isEmpty() ? APIVERSION : KIND)
                            + " cell; expected NAME, APIVERSION and KIND");
        }
        if (!namespaced.equals("true") && !namespaced.equals("false")) {
            throw new InputFileException(file, lineNumber,
                    "NAMESPACED cell is \"" + namespaced + "\"; expected true or false");
        }
        if (apiVersion.chars().filter(c -> c == '/').count() > 1 || apiVersion.startsWith("/") || apiVersion.endsWith("/")) {
            throw new InputFileException(file, lineNumber,
                    "APIVERSION cell is \"" + apiVersion + "\"; expected group/version or version");
        }
        GroupVersionKind gvk = GroupVersionKind.of(apiVersion, kind);
        return new ApiResource(gvk.group(), gvk.version(), kind, name, Boolean.parseBoolean(namespaced));
    }

    private static int firstNonBlank(String[] lines) {
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].isBlank()) {
                return i;
            }
        }
        return 0;
    }

    private static List<String> columnNames(String header) {
        List<String> names = new ArrayList<>();
        for (String token : header.strip().split("\\s+")) {
            if (!token.isEmpty()) {
                names.add(token);
            }
        }
        return names;
    }

    /** The header's column names and where each starts. */
    private record Columns(List<String> names, List<Integer> starts) {

        static Columns of(String header, String file, int lineNumber) throws InputFileException {
            List<String> names = new ArrayList<>();
            List<Integer> starts = new ArrayList<>();
            int i = 0;
            while (i < header.length()) {
                if (Character.isWhitespace(header.charAt(i))) {
                    i++;
                    continue;
                }
                int start = i;
                while (i < header.length() && !Character.isWhitespace(header.charAt(i))) {
                    i++;
                }
                names.add(header.substring(start, i));
                starts.add(start);
            }
            if (names.contains("APIGROUP") && !names.contains(APIVERSION)) {
                throw new InputFileException(file, lineNumber, "the table has an APIGROUP column but no APIVERSION "
                        + "column (kubectl older than 1.20); run a newer kubectl api-resources");
            }
            for (String required : List.of(NAME, APIVERSION, NAMESPACED, KIND)) {
                if (!names.contains(required)) {
                    throw new InputFileException(file, lineNumber, "the kubectl api-resources header has no "
                            + required + " column; expected NAME SHORTNAMES APIVERSION NAMESPACED KIND");
                }
            }
            return new Columns(List.copyOf(names), List.copyOf(starts));
        }

        String cell(String line, String column, String file, int lineNumber) throws InputFileException {
            int index = names.indexOf(column);
            int start = starts.get(index);
            boolean last = index == names.size() - 1;
            int end = last ? line.length() : Math.min(starts.get(index + 1), line.length());
            if (start >= line.length()) {
                return "";
            }
            // A value that runs across a column boundary means the row does not follow the
            // header's layout (hand-edited, or columns squeezed with single blanks).
            if (start > 0 && !Character.isWhitespace(line.charAt(start - 1)) && !Character.isWhitespace(line.charAt(start))) {
                throw misaligned(file, lineNumber, column);
            }
            if (!last && end < line.length() && end > start
                    && !Character.isWhitespace(line.charAt(end - 1)) && !Character.isWhitespace(line.charAt(end))) {
                throw misaligned(file, lineNumber, column);
            }
            return line.substring(start, end).strip();
        }

        private static InputFileException misaligned(String file, int lineNumber, String column) {
            return new InputFileException(file, lineNumber,
                    "row does not line up with the header's " + column + " column; keep kubectl's column layout");
        }
    }
}
