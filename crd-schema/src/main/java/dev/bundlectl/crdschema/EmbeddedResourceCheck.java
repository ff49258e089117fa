package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code x-kubernetes-embedded-resource}: an object that is itself a Kubernetes object needs an
 * {@code apiVersion} of the form {@code [group/]version} and a {@code kind} that is a DNS-1035
 * label apart from its case, as the API server requires of embedded objects.
 */
final class EmbeddedResourceCheck implements Check {

    private static final Check INSTANCE = new EmbeddedResourceCheck();
    private static final Pattern DNS_1035 = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
    private static final int DNS_1035_MAX = 63;
    private static final String DNS_1035_RULE = "a DNS-1035 label must consist of lower case alphanumeric "
            + "characters or '-', start with an alphabetic character, and end with an alphanumeric character "
            + "(e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

    private EmbeddedResourceCheck() {
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        return Keywords.flag(schema, "x-kubernetes-embedded-resource") ? Optional.of(INSTANCE) : Optional.empty();
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (!value.isObject()) {
            return;
        }
        ValuePath apiVersionPath = path.child("apiVersion");
        ValuePath kindPath = path.child("kind");
        JsonNode apiVersion = value.get("apiVersion");
        JsonNode kind = value.get("kind");
        if (apiVersion == null) {
            errors.add(new FieldError(apiVersionPath.toString(), "Required value", null, "must not be empty"));
        } else {
            text(apiVersion, apiVersionPath, errors).ifPresent(text -> {
                if (text.chars().filter(c -> c == '/').count() > 1) {
                    errors.add(FieldError.invalid(apiVersionPath, GoText.quote(text),
                            "unexpected GroupVersion string: " + text));
                }
            });
        }
        if (kind == null) {
            errors.add(new FieldError(kindPath.toString(), "Required value", null, "must not be empty"));
        } else {
            text(kind, kindPath, errors).ifPresent(text -> {
                String lower = text.toLowerCase(Locale.ROOT);
                if (lower.length() > DNS_1035_MAX || !DNS_1035.matcher(lower).matches()) {
                    errors.add(FieldError.invalid(kindPath, GoText.quote(text),
                            "may have mixed case, but should otherwise match: " + DNS_1035_RULE));
                }
            });
        }
    }

    /** The non-empty string at {@code path}, reporting anything else. */
    private static Optional<String> text(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (!value.isTextual()) {
            errors.add(FieldError.invalid(path, GoText.value(value), "must be a string"));
            return Optional.empty();
        }
        if (value.textValue().isEmpty()) {
            errors.add(FieldError.invalid(path, GoText.quote(""), "must not be empty"));
            return Optional.empty();
        }
        return Optional.of(value.textValue());
    }
}
