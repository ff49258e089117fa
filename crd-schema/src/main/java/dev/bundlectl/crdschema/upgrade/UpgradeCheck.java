package dev.bundlectl.crdschema.upgrade;

/**
 * The checks a CRD update is put through, each named as crdify (OLM v1's CRD comparison) names
 * it, so that a finding reads the same as OLM v1's refusal. The six bound checks carry the schema
 * keyword they compare, which is their name, and whether it bounds from above.
 */
public enum UpgradeCheck {
    /** {@code spec.scope} changed: every stored object's key changes with it. */
    SCOPE("scope"),
    /** A version the old CRD stores objects in is no longer among the new CRD's versions. */
    STORED_VERSION_REMOVAL("storedVersionRemoval"),
    /** A field of a version both CRDs have is gone from the new schema. */
    EXISTING_FIELD_REMOVAL("existingFieldRemoval"),
    /** A field's {@code type} changed. */
    TYPE("type"),
    /** A field became required. */
    REQUIRED("required"),
    /** A field's {@code default} was added, removed or changed. */
    DEFAULT("default"),
    /** An {@code enum} was added where there was none, or lost values. */
    ENUM("enum"),
    /** An upper bound was added or lowered. */
    MAXIMUM("maximum", true),
    /** An upper bound was added or lowered. */
    MAX_LENGTH("maxLength", true),
    /** An upper bound was added or lowered. */
    MAX_ITEMS("maxItems", true),
    /** An upper bound was added or lowered. */
    MAX_PROPERTIES("maxProperties", true),
    /** A lower bound was added or raised. */
    MINIMUM("minimum", false),
    /** A lower bound was added or raised. */
    MIN_LENGTH("minLength", false),
    /** A lower bound was added or raised. */
    MIN_ITEMS("minItems", false),
    /** A lower bound was added or raised. */
    MIN_PROPERTIES("minProperties", false),
    /** A {@code pattern} was added, removed or changed. */
    PATTERN("pattern"),
    /** {@code nullable} was added or removed. */
    NULLABLE("nullable"),
    /** A {@code oneOf} was added, or its members changed. */
    ONE_OF("oneOf"),
    /** Any other change to what a field accepts, which no check above judges. */
    UNHANDLED("unhandled");

    private final String wireName;
    /** For a bound: whether it bounds from above; null for every other check. */
    private final Boolean upper;

    UpgradeCheck(String wireName) {
        this(wireName, null);
    }

    UpgradeCheck(String wireName, Boolean upper) {
        this.wireName = wireName;
        this.upper = upper;
    }

    /** The name crdify gives the check, e.g. {@code existingFieldRemoval}; for a bound, its schema keyword. */
    public String wireName() {
        return wireName;
    }

    /** Whether this is one of the six bound checks. */
    boolean isBound() {
        return upper != null;
    }

    /** For a bound check: whether a lower value is tighter ({@code max…}); meaningless otherwise. */
    boolean boundsFromAbove() {
        return Boolean.TRUE.equals(upper);
    }

    /** The check of this wire name, if there is one. */
    public static java.util.Optional<UpgradeCheck> ofWireName(String name) {
        for (UpgradeCheck check : values()) {
            if (check.wireName.equals(name)) {
                return java.util.Optional.of(check);
            }
        }
        return java.util.Optional.empty();
    }
}
