package dev.bundlectl.plan.api;

/**
 * A CRD's name, {@code <plural>.<group>}, as a CSV names the CRDs it owns and requires. One rule
 * for every reader of such names that asks what the group is: what OLM checks a required CRD
 * against ({@code CsvRequirements}) and what discovery reads before planning
 * ({@link ConsultedGroups}) must name the same group.
 */
public final class CrdNames {

    private CrdNames() {
    }

    /** The group: what follows the first dot, or {@code ""} (core) for a name without one. */
    public static String group(String crdName) {
        int dot = crdName.indexOf('.');
        return dot < 0 ? "" : crdName.substring(dot + 1);
    }
}
