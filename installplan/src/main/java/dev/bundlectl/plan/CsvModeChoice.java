package dev.bundlectl.plan;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.api.ApiSurface;
import java.util.List;
import java.util.Map;

/**
 * Which CSV mode a plan uses and why, as the plan reports it: a {@code CsvMode} condition and the
 * {@link PlanAnnotations#CSV_MODE} annotation. {@link CsvMode#AUTO} renders exactly when the API
 * surface does not serve {@code operators.coreos.com/v1alpha1 ClusterServiceVersion}: without that
 * API there is no OLM to act on the CSV.
 *
 * @param mode {@link CsvMode#OLM} or {@link CsvMode#RENDER}
 * @param reason the condition's reason, or null when the request named no mode (nothing is reported)
 * @param message the condition's message, or null
 */
record CsvModeChoice(CsvMode mode, String reason, String message) {

    static final String CONDITION_TYPE = "CsvMode";
    static final String REASON_REQUESTED = "Requested";
    static final String REASON_OLM_API_SERVED = "OlmApiServed";
    static final String REASON_OLM_API_NOT_SERVED = "OlmApiNotServed";

    private static final String CSV_API = GroupKind.CLUSTER_SERVICE_VERSION.group() + "/v1alpha1 " + GroupKind.CLUSTER_SERVICE_VERSION.kind();
    private static final String APPLIED = "the CSV is applied for OLM to install the operator";
    private static final String RENDERED = "the CSV is rendered into the objects OLM would create";

    static CsvModeChoice of(PlanRequest request) {
        CsvMode requested = request.csvMode();
        if (requested == null) {
            return new CsvModeChoice(CsvMode.OLM, null, null);
        }
        if (requested != CsvMode.AUTO) {
            return new CsvModeChoice(requested, REASON_REQUESTED, "csv-mode " + requested + " requested: "
                    + (requested == CsvMode.RENDER ? RENDERED : APPLIED));
        }
        ApiSurface surface = request.apiSurface();
        if (surface.find(GroupKind.CLUSTER_SERVICE_VERSION.group(), "v1alpha1", GroupKind.CLUSTER_SERVICE_VERSION.kind()).isPresent()) {
            return new CsvModeChoice(CsvMode.OLM, REASON_OLM_API_SERVED,
                    "csv-mode auto: " + surface.description() + " serves " + CSV_API + ", so " + APPLIED);
        }
        return new CsvModeChoice(CsvMode.RENDER, REASON_OLM_API_NOT_SERVED,
                "csv-mode auto: " + surface.description() + " does not serve " + CSV_API + ", so " + RENDERED);
    }

    boolean renders() {
        return mode == CsvMode.RENDER;
    }

    /** Adds the {@link PlanAnnotations#CSV_MODE} annotation when the request named a mode. */
    void annotate(Map<String, String> annotations) {
        if (reason != null) {
            annotations.put(PlanAnnotations.CSV_MODE, mode.wireName());
        }
    }

    /** The {@code CsvMode} condition, its message followed by {@code detail} when given; none when no mode was named. */
    List<PlanCondition> conditions(String detail) {
        if (reason == null) {
            return List.of();
        }
        String text = detail == null ? message : message + "; " + detail;
        return List.of(new PlanCondition(CONDITION_TYPE, "True", reason, text, null));
    }
}
