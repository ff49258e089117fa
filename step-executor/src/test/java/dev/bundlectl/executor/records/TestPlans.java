package dev.bundlectl.executor.records;

import dev.bundlectl.plan.model.CapabilitiesStatus;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Builds small plans and records for tests. */
public final class TestPlans {

    public static final String CSV = "widget-operator.v1.0.0";
    public static final String PACKAGE = "widget-operator";

    private TestPlans() {
    }

    public static Step step(String group, String version, String kind, String namespace, String name,
            StepStatus status) {
        String apiVersion = group.isEmpty() ? version : group + "/" + version;
        String manifest = "{\"apiVersion\":\"" + apiVersion + "\",\"kind\":\"" + kind + "\",\"metadata\":{\"name\":\""
                + name + "\"}}";
        return new Step(CSV, new StepResource(group, version, kind, name, namespace, PACKAGE,
                "manifests/" + name + ".yaml", manifest), false, status, null);
    }

    public static InstallPlan plan(String namespace, List<Step> steps, InstallPlanPhase phase) {
        return new InstallPlan(new InstallPlan.Metadata("install-" + PACKAGE, namespace, Map.of()),
                new InstallPlan.Spec("Automatic", true, List.of(CSV)),
                new InstallPlan.Status(phase, List.of(), steps, "2025-03-01T10:00:00Z",
                        phase == InstallPlanPhase.INSTALLING ? null : "2025-03-01T10:00:42.500Z",
                        "done", new CapabilitiesStatus(List.of("Console", "Insights"), List.of(), List.of("Build"))));
    }

    public static RecordOrigin origin(String namespace, Instant startTime) {
        return new RecordOrigin(namespace, PACKAGE, "/bundles/widget-operator", "sha256:abc", false, startTime);
    }

    /** The record of a run still installing, with no steps yet, started at {@code startTime}. */
    public static InstallRecord running(String namespace, Instant startTime) {
        return InstallRecord.fromPlan(plan(namespace, List.of(), InstallPlanPhase.INSTALLING),
                origin(namespace, startTime), List.of(), List.of());
    }

    /** A record with a CSV and a ServiceAccount step, started at {@code startTime}. */
    public static InstallRecord record(String namespace, Instant startTime) {
        List<Step> steps = List.of(
                step("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", namespace, CSV, StepStatus.CREATED),
                step("", "v1", "ServiceAccount", namespace, "widget-sa", StepStatus.PRESENT));
        return InstallRecord.fromPlan(plan(namespace, steps, InstallPlanPhase.COMPLETE), origin(namespace, startTime),
                List.of(), List.of());
    }
}
