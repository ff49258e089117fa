package dev.bundlectl.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What to plan and how: directory, namespace, API surface, CSV mode, capabilities and payload filters; shared by {@code plan} and {@code install}. */
final class PlanInputOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR",
            description = "A bundle directory (manifests/ and metadata/), or a directory of release-payload manifests.")
    Path directory;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "Namespace for the operator's namespaced objects and the install record (default: the "
                    + "kubeconfig context's namespace, else 'default').")
    String namespace;

    @Option(names = "--api-surface", paramLabel = "FILE|NAME",
            description = {
                "What the target cluster serves, for offline plans. Repeatable; values are combined.",
                "Built-in: 'kubernetes' (Kubernetes 1.34 + OLM's APIs, the default) or 'kubernetes-without-olm'.",
                "Or a file: the output of 'kubectl api-resources', or a YAML list of "
                        + "{group, version, kind, plural, namespaced}."
            })
    List<String> apiSurfaces = new ArrayList<>();

    @Option(names = "--no-convert",
            description = "Plan objects of removed API versions (apiextensions.k8s.io/v1beta1 CRDs, "
                    + "rbac.authorization.k8s.io/v1beta1, policy/v1beta1 PodDisruptionBudgets, scheduling.k8s.io/v1beta1 "
                    + "PriorityClasses) as written, instead of converting them to the version that replaced them when "
                    + "the target serves only that one.")
    boolean noConvert;

    @Mixin
    RenderModeOptions render = new RenderModeOptions();

    @Mixin
    CapabilityOptions capabilities = new CapabilityOptions();

    @Mixin
    PayloadOptions payload = new PayloadOptions();
}
