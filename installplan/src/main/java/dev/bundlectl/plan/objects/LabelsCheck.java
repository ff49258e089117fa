package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.GoText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code metadata.labels} and {@code metadata.annotations} as the API server's
 * {@code ValidateLabels} and {@code ValidateAnnotations} check them: label and annotation keys are
 * qualified names (an optional DNS-1123 subdomain prefix and {@code /}, then at most 63
 * alphanumeric characters, {@code -}, {@code _} or {@code .}), label values at most 63 such
 * characters or empty, and all annotations together at most 256 KiB. The labels bundlectl makes
 * from a CSV's and a package's names are checked here like any other (docs/semantics.md §2).
 */
final class LabelsCheck {

    private static final int MAX_NAME_PART = 63;
    private static final int MAX_ANNOTATIONS_BYTES = 256 * 1024;
    private static final String QUALIFIED_NAME = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String LABEL_VALUE = "(" + QUALIFIED_NAME + ")?";
    private static final Pattern QUALIFIED_NAME_PATTERN = Pattern.compile(QUALIFIED_NAME);
    private static final Pattern LABEL_VALUE_PATTERN = Pattern.compile(LABEL_VALUE);
    private static final String NAME_MESSAGE = NameRule.regexError("must consist of alphanumeric characters, '-', '_' "
            + "or '.', and must start and end with an alphanumeric character", QUALIFIED_NAME, "MyName", "my.name",
            "123-abc");
    private static final String VALUE_MESSAGE = NameRule.regexError("a valid label must be an empty string or consist "
            + "of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
            LABEL_VALUE, "MyValue", "my_value", "12345");

    private LabelsCheck() {
    }

    static List<FieldError> problems(JsonNode metadata) {
        List<FieldError> problems = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> labels = metadata.path("labels").fields(); labels.hasNext();) {
            Map.Entry<String, JsonNode> label = labels.next();
            for (String message : qualifiedNameProblems(label.getKey())) {
                problems.add(invalid("metadata.labels", label.getKey(), message));
            }
            String value = label.getValue().asText("");
            for (String message : labelValueProblems(value)) {
                problems.add(invalid("metadata.labels", value, message));
            }
        }
        long bytes = 0;
        for (Iterator<Map.Entry<String, JsonNode>> annotations = metadata.path("annotations").fields();
                annotations.hasNext();) {
            Map.Entry<String, JsonNode> annotation = annotations.next();
            // The server checks annotation keys lower-cased, and reports the key as written.
            for (String message : qualifiedNameProblems(annotation.getKey().toLowerCase(Locale.ROOT))) {
                problems.add(invalid("metadata.annotations", annotation.getKey(), message));
            }
            bytes += utf8(annotation.getKey()) + utf8(annotation.getValue().asText(""));
        }
        if (bytes > MAX_ANNOTATIONS_BYTES) {
            problems.add(new FieldError("metadata.annotations", "Too long", null,
                    "must have at most " + MAX_ANNOTATIONS_BYTES + " bytes"));
        }
        return problems;
    }

    /** {@code IsQualifiedName}'s messages. */
    static List<String> qualifiedNameProblems(String key) {
        List<String> problems = new ArrayList<>(2);
        String[] parts = key.split("/", -1);
        String name;
        if (parts.length == 1) {
            name = parts[0];
        } else if (parts.length == 2) {
            String prefix = parts[0];
            name = parts[1];
            if (prefix.isEmpty()) {
                problems.add("prefix part must be non-empty");
            } else {
                NameRule.DNS1123_SUBDOMAIN.problems(prefix).forEach(problem -> problems.add("prefix part " + problem));
            }
        } else {
            return List.of("a qualified name " + NAME_MESSAGE
                    + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
        }
        if (name.isEmpty()) {
            problems.add("name part must be non-empty");
        } else if (name.length() > MAX_NAME_PART) {
            problems.add("name part must be no more than " + MAX_NAME_PART + " characters");
        }
        if (!QUALIFIED_NAME_PATTERN.matcher(name).matches()) {
            problems.add("name part " + NAME_MESSAGE);
        }
        return problems;
    }

    /** {@code IsValidLabelValue}'s messages. */
    static List<String> labelValueProblems(String value) {
        List<String> problems = new ArrayList<>(2);
        if (value.length() > MAX_NAME_PART) {
            problems.add("must be no more than " + MAX_NAME_PART + " characters");
        }
        if (!LABEL_VALUE_PATTERN.matcher(value).matches()) {
            problems.add(VALUE_MESSAGE);
        }
        return problems;
    }

    private static FieldError invalid(String field, String value, String message) {
        return new FieldError(field, "Invalid value", GoText.quote(value), message);
    }

    private static int utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
