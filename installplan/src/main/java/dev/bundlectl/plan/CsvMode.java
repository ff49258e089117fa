package dev.bundlectl.plan;

import dev.bundlectl.plan.model.Step;
import java.util.Arrays;
import java.util.Optional;

/**
 * How a plan handles the bundle's ClusterServiceVersion ({@code --csv-mode}).
 */
public enum CsvMode {
    /** {@link #OLM} when the API surface serves {@code operators.coreos.com/v1alpha1 ClusterServiceVersion}, else {@link #RENDER}. */
    AUTO("auto"),
    /** Apply the CSV for OLM to install the operator from. */
    OLM("olm"),
    /**
     * Do not apply the CSV (it needs OLM's API and controllers); apply instead the plain objects
     * OLM would create from it ({@link dev.bundlectl.render.CsvRenderer}), as steps whose
     * {@link Step#parent()} is the CSV.
     */
    RENDER("render");

    private final String wireName;

    CsvMode(String wireName) {
        this.wireName = wireName;
    }

    /** The name as the command line and the plan annotation spell it. */
    public String wireName() {
        return wireName;
    }

    /** The mode with this wire name, if any. */
    public static Optional<CsvMode> fromWireName(String value) {
        return Arrays.stream(values()).filter(mode -> mode.wireName.equals(value)).findFirst();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
