package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.GoText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks the data maps of Secrets and ConfigMaps as the API server does: each map an object of
 * strings, each key a valid config key ({@code IsConfigMapKey}), Secret {@code data} and
 * ConfigMap {@code binaryData} values in base64, and at most 1 MiB of values in total
 * ({@code MaxSecretSize}, the limit for both kinds). Secret {@code stringData} is merged into
 * {@code data} before the server validates, so its keys are reported under {@code data}.
 *
 * <p>A Secret's values are never printed, not even a bad one.
 */
final class DataMapCheck {

    /** {@code core.MaxSecretSize}: the total size of a Secret's or a ConfigMap's values. */
    static final int MAX_TOTAL_BYTES = 1024 * 1024;
    private static final int MAX_KEY_LENGTH = 253;
    private static final String KEY_REGEX = "[-._a-zA-Z0-9]+";
    private static final Pattern KEY = Pattern.compile(KEY_REGEX);
    private static final String KEY_MESSAGE = NameRule.regexError(
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.'", KEY_REGEX,
            "key.name", "KEY_NAME", "key-name");

    private DataMapCheck() {
    }

    /** Whether this check applies to objects of this group and kind. */
    static boolean appliesTo(String group, String kind) {
        GroupKind groupKind = new GroupKind(group, kind);
        return GroupKind.SECRET.equals(groupKind) || GroupKind.CONFIG_MAP.equals(groupKind);
    }

    static List<FieldError> problems(String kind, JsonNode object) {
        return GroupKind.SECRET.hasKind(kind) ? secretProblems(object) : configMapProblems(object);
    }

    private static List<FieldError> secretProblems(JsonNode secret) {
        List<FieldError> problems = new ArrayList<>();
        // Decoded sizes by key: stringData overrides data, as the server's conversion merges them.
        Map<String, Integer> sizes = new LinkedHashMap<>();
        readMap(secret, "data", true, false, problems, sizes);
        readMap(secret, "stringData", false, false, problems, sizes);
        for (String key : sizes.keySet()) {
            keyProblems("data", key, problems);
        }
        if (total(sizes) > MAX_TOTAL_BYTES) {
            problems.add(tooLong("data"));
        }
        return problems;
    }

    private static List<FieldError> configMapProblems(JsonNode configMap) {
        List<FieldError> problems = new ArrayList<>();
        Map<String, Integer> data = new LinkedHashMap<>();
        Map<String, Integer> binary = new LinkedHashMap<>();
        readMap(configMap, "data", false, true, problems, data);
        readMap(configMap, "binaryData", true, true, problems, binary);
        for (String key : data.keySet()) {
            keyProblems("data", key, problems);
            if (binary.containsKey(key)) {
                problems.add(invalidKey("data", key, "duplicate of key present in binaryData"));
            }
        }
        for (String key : binary.keySet()) {
            keyProblems("binaryData", key, problems);
            if (data.containsKey(key)) {
                problems.add(invalidKey("binaryData", key, "duplicate of key present in data"));
            }
        }
        if (total(data) + total(binary) > MAX_TOTAL_BYTES) {
            // Kubernetes reports this one against the whole object, with an empty field path.
            problems.add(tooLong(""));
        }
        return problems;
    }

    /**
     * Reads one map into {@code sizes} (value bytes by key), reporting values that are not
     * strings or not base64. The server cannot even decode such an object, so its answer is not a
     * field error; these messages name the field in the same form.
     */
    private static void readMap(JsonNode object, String field, boolean base64, boolean showValues,
            List<FieldError> problems, Map<String, Integer> sizes) {
        JsonNode map = object.path(field);
        if (map.isMissingNode() || map.isNull()) {
            return;
        }
        if (!map.isObject()) {
            problems.add(new FieldError(field, "Invalid value", showValues ? GoText.value(map) : null,
                    "must be a map of string keys to string values, not " + JsonKinds.describe(map)));
            return;
        }
        map.properties().forEach(entry -> {
            String path = field + "[" + entry.getKey() + "]";
            JsonNode value = entry.getValue();
            if (!value.isTextual()) {
                problems.add(new FieldError(path, "Invalid value", showValues ? GoText.value(value) : null,
                        "must be a string, not " + JsonKinds.describe(value)));
                return;
            }
            String text = value.asText();
            if (!base64) {
                sizes.put(entry.getKey(), text.getBytes(StandardCharsets.UTF_8).length);
                return;
            }
            // Go's decoder skips line breaks but, unlike Java's, insists on the padding.
            String encoded = text.replace("\n", "").replace("\r", "");
            try {
                if (encoded.length() % 4 != 0) {
                    throw new IllegalArgumentException("the length is not a multiple of 4 (padding missing)");
                }
                sizes.put(entry.getKey(), Base64.getDecoder().decode(encoded).length);
            } catch (IllegalArgumentException notBase64) {
                problems.add(new FieldError(path, "Invalid value", null,
                        "must be base64-encoded: " + notBase64.getMessage()));
            }
        });
    }

    private static void keyProblems(String field, String key, List<FieldError> problems) {
        if (key.length() > MAX_KEY_LENGTH) {
            problems.add(invalidKey(field, key, "must be no more than " + MAX_KEY_LENGTH + " characters"));
        }
        if (!KEY.matcher(key).matches()) {
            problems.add(invalidKey(field, key, KEY_MESSAGE));
        }
        if (key.equals(".") || key.equals("..")) {
            problems.add(invalidKey(field, key, "must not be '" + key + "'"));
        } else if (key.startsWith("..")) {
            problems.add(invalidKey(field, key, "must not start with '..'"));
        }
    }

    private static FieldError invalidKey(String field, String key, String message) {
        return new FieldError(field + "[" + key + "]", "Invalid value", GoText.quote(key), message);
    }

    private static FieldError tooLong(String field) {
        return new FieldError(field, "Too long", null, "must have at most " + MAX_TOTAL_BYTES + " bytes");
    }

    private static long total(Map<String, Integer> sizes) {
        return sizes.values().stream().mapToLong(Integer::longValue).sum();
    }
}
