package dev.bundlectl.crdschema.upgrade;

import java.util.Objects;

/**
 * One thing replacing a CRD would break: which CRD, which version and field, which check, what
 * changed, and the old and new values.
 *
 * @param crd the CRD's name, e.g. {@code caches.cache.bundlectl.dev}
 * @param version the version whose schema changed, or null for a finding about the whole CRD
 *     ({@link UpgradeCheck#SCOPE}; {@link UpgradeCheck#STORED_VERSION_REMOVAL} names the stored
 *     version here)
 * @param field the field's path in that version's schema ({@code .spec.tier}, {@code .spec.nodes[*].name},
 *     a map's values {@code .spec.labels.*}, the top {@code .}), or null for the whole CRD
 * @param check the check that found it
 * @param change what changed, in a few words ({@code values removed: "gold"})
 * @param oldValue the value before, as compact JSON or a word ({@code Namespaced}), or null when there was none
 * @param newValue the value after, likewise, or null when there is none
 */
public record UpgradeFinding(String crd, String version, String field, UpgradeCheck check, String change,
        String oldValue, String newValue) {

    /** The longest value {@link #describe()} shows whole; longer ones are cut (the record keeps them whole). */
    static final int SHOWN_VALUE = 120;

    public UpgradeFinding {
        Objects.requireNonNull(crd, "crd");
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(change, "change");
    }

    /**
     * One line: {@code caches.cache.bundlectl.dev v1alpha1 .spec.tier: enum: values removed: "gold"
     * (was ["bronze","gold"], now ["bronze"])}.
     */
    public String describe() {
        return crd + (version == null && field == null ? ": " : " ") + describeWithinCrd();
    }

    /**
     * {@link #describe()} without the CRD's name, where the CRD is named already (its plan step):
     * {@code v1alpha1 .spec.tier: enum: values removed: …}.
     */
    public String describeWithinCrd() {
        StringBuilder line = new StringBuilder();
        if (version != null) {
            line.append(version);
        }
        if (field != null) {
            line.append(version != null ? " " : "").append(field);
        }
        line.append(line.length() == 0 ? "" : ": ").append(check.wireName()).append(": ").append(change);
        if (oldValue != null || newValue != null) {
            line.append(" (");
            if (oldValue != null) {
                line.append("was ").append(shown(oldValue));
            }
            if (newValue != null) {
                line.append(oldValue != null ? ", now " : "now ").append(shown(newValue));
            }
            line.append(')');
        }
        return line.toString();
    }

    private static String shown(String value) {
        return value.length() <= SHOWN_VALUE ? value : value.substring(0, SHOWN_VALUE) + "…";
    }
}
