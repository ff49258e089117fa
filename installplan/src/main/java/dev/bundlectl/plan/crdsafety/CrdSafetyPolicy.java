package dev.bundlectl.plan.crdsafety;

import java.util.Locale;
import java.util.Optional;

/**
 * What an install does with a CRD update that would break stored objects: {@code --crd-upgrade-safety}
 * on the command line, {@code spec.crdUpgradeSafety} of a BundleInstall.
 */
public enum CrdSafetyPolicy {
    /**
     * The findings are shown and the install goes on: OLM v0 carries such an update out, and a
     * verdict in OLM mode must agree with it. The default.
     */
    WARN("warn", "Warn"),
    /** A CRD update with findings is refused before anything is written, as OLM v1 refuses it. */
    STRICT("strict", "Strict");

    private final String flagValue;
    private final String specValue;

    CrdSafetyPolicy(String flagValue, String specValue) {
        this.flagValue = flagValue;
        this.specValue = specValue;
    }

    /** The command line's word: {@code warn} or {@code strict}. */
    public String flagValue() {
        return flagValue;
    }

    /** A BundleInstall's word: {@code Warn} or {@code Strict}. */
    public String specValue() {
        return specValue;
    }

    /** The policy either word names, whatever its case; empty for anything else. */
    public static Optional<CrdSafetyPolicy> of(String word) {
        if (word == null) {
            return Optional.empty();
        }
        for (CrdSafetyPolicy policy : values()) {
            if (policy.flagValue.equals(word.toLowerCase(Locale.ROOT))) {
                return Optional.of(policy);
            }
        }
        return Optional.empty();
    }
}
