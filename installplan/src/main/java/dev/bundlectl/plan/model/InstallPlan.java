package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An InstallPlan in OLM's {@code operators.coreos.com/v1alpha1} shape. bundlectl prints and
 * stores it, but never writes it to a cluster as an {@code operators.coreos.com} object: OLM
 * would act on it.
 *
 * @param apiVersion always {@link #API_VERSION}
 * @param kind always {@link #KIND}
 * @param metadata name, namespace and annotations
 * @param spec approval and CSV names
 * @param status phase, conditions, steps and capabilities
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec", "status"})
public record InstallPlan(
        @JsonProperty("apiVersion") String apiVersion,
        @JsonProperty("kind") String kind,
        @JsonProperty("metadata") Metadata metadata,
        @JsonProperty("spec") Spec spec,
        @JsonProperty("status") Status status) {

    public static final String API_VERSION = "operators.coreos.com/v1alpha1";
    public static final String KIND = "InstallPlan";

    public InstallPlan {
        apiVersion = apiVersion == null ? API_VERSION : apiVersion;
        kind = kind == null ? KIND : kind;
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(status, "status");
    }

    public InstallPlan(Metadata metadata, Spec spec, Status status) {
        this(API_VERSION, KIND, metadata, spec, status);
    }

    /** The steps, in order. */
    public List<Step> steps() {
        return status.plan();
    }

    /** This plan with another status. */
    public InstallPlan withStatus(Status newStatus) {
        return new InstallPlan(apiVersion, kind, metadata, spec, newStatus);
    }

    /** The condition of this type in the plan's status, if it has one. */
    public java.util.Optional<PlanCondition> condition(String type) {
        return status.conditions().stream().filter(condition -> condition.type().equals(type)).findFirst();
    }

    /** This plan with {@code condition} in its status, in place of any earlier one of its type. */
    public InstallPlan withCondition(PlanCondition condition) {
        List<PlanCondition> conditions = new ArrayList<>();
        status.conditions().stream().filter(existing -> !existing.type().equals(condition.type()))
                .forEach(conditions::add);
        conditions.add(condition);
        return withStatus(new Status(status.phase(), conditions, status.plan(), status.startTime(),
                status.completionTime(), status.message(), status.capabilities(), status.dependencies()));
    }

    /**
     * Object metadata.
     *
     * @param name the plan name
     * @param namespace the install namespace, or null
     * @param annotations bundlectl annotations (bundle path, digest, mode), may be empty
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Metadata(
            @JsonProperty("name") String name,
            @JsonProperty("namespace") String namespace,
            @JsonProperty("annotations") Map<String, String> annotations) {

        public Metadata {
            annotations = annotations == null ? Map.of() : Map.copyOf(annotations);
        }
    }

    /**
     * The plan's spec.
     *
     * @param approval {@code Automatic} or {@code Manual}
     * @param approved whether the plan is approved
     * @param clusterServiceVersionNames the CSVs this plan installs
     */
    public record Spec(
            @JsonProperty("approval") String approval,
            @JsonProperty("approved") boolean approved,
            @JsonProperty("clusterServiceVersionNames") List<String> clusterServiceVersionNames) {

        public Spec {
            clusterServiceVersionNames =
                    clusterServiceVersionNames == null ? List.of() : List.copyOf(clusterServiceVersionNames);
        }
    }

    /**
     * The plan's status.
     *
     * @param phase the phase
     * @param conditions conditions, e.g. {@code Installed}
     * @param plan the steps in order
     * @param startTime RFC 3339 start time, or null for an offline plan
     * @param completionTime RFC 3339 completion time, or null
     * @param message a summary message, or null
     * @param capabilities the capabilities the plan was made under, or null
     * @param dependencies the bundle's dependencies and whether the target meets each; empty when
     *     it declares none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"phase", "message", "conditions", "capabilities", "dependencies", "startTime", "completionTime",
            "plan"})
    public record Status(
            @JsonProperty("phase") InstallPlanPhase phase,
            @JsonProperty("conditions") List<PlanCondition> conditions,
            @JsonProperty("plan") List<Step> plan,
            @JsonProperty("startTime") String startTime,
            @JsonProperty("completionTime") String completionTime,
            @JsonProperty("message") String message,
            @JsonProperty("capabilities") CapabilitiesStatus capabilities,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("dependencies") List<PlanDependency> dependencies) {

        public Status {
            Objects.requireNonNull(phase, "phase");
            conditions = conditions == null ? List.of() : List.copyOf(conditions);
            plan = plan == null ? List.of() : List.copyOf(plan);
            dependencies = dependencies == null ? List.of() : List.copyOf(dependencies);
        }

        /** A status without dependencies. */
        public Status(InstallPlanPhase phase, List<PlanCondition> conditions, List<Step> plan, String startTime,
                String completionTime, String message, CapabilitiesStatus capabilities) {
            this(phase, conditions, plan, startTime, completionTime, message, capabilities, List.of());
        }
    }
}
