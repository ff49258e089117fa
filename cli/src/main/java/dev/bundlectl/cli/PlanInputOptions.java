package dev.bundlectl.cli;

import dev.bundlectl.plan.OptionalApi;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What to plan and how: directory, namespace, API surface, optional APIs, CSV mode, operator configuration, capabilities and payload filters; shared by {@code plan} and {@code install}. */
// No method here is a command: without this, picocli reads every method's annotations at each start.
@Command(addMethodSubcommands = false)
final class PlanInputOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR|IMAGE",
            description = "A bundle directory (manifests/ and metadata/), a directory of release-payload manifests, or a "
                    + "bundle image: registry/repository:tag, registry/repository@sha256:..., oci-layout:DIR[:tag] or "
                    + "oci-archive:FILE[:tag].")
    Path directory;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "Namespace for the operator's namespaced objects and the install record (default: the "
                    + "kubeconfig context's namespace, else 'default').")
    String namespace;

    @Option(names = "--api-surface", paramLabel = "FILE|NAME", completionCandidates = CompletionCandidates.ApiSurfaceNames.class,
            description = {
                "What the target cluster serves, for offline plans. Repeatable; values are combined.",
                "Built-in: 'kubernetes' (Kubernetes 1.34 + OLM's APIs, the default) or 'kubernetes-without-olm'.",
                "Or a file: the output of 'kubectl api-resources', or a YAML list of "
                        + "{group, version, kind, plural, namespaced}."
            })
    List<String> apiSurfaces = new ArrayList<>();

    @Option(names = "--optional-api", paramLabel = "GROUP[/KIND]",
            description = {
                "Make the bundle's objects of this API group (or of this kind in it) optional, as if the bundle "
                        + "listed them in olm.manifests.optional: where their API is not served or refuses them, they "
                        + "end NotCreated instead of failing the install. Repeatable. CSVs, CRDs and core kinds stay "
                        + "required. E.g. --optional-api monitoring.coreos.com."
            })
    List<String> optionalApis = new ArrayList<>();

    @Option(names = "--no-convert",
            description = "Plan objects of removed API versions (apiextensions.k8s.io/v1beta1 CRDs, "
                    + "rbac.authorization.k8s.io/v1beta1, policy/v1beta1 PodDisruptionBudgets, scheduling.k8s.io/v1beta1 "
                    + "PriorityClasses) as written, instead of converting them to the version that replaced them when "
                    + "the target serves only that one.")
    boolean noConvert;

    @Option(names = "--force",
            description = "Install a bundle whose CSV is not an upgrade of the installed one (it neither replaces "
                    + "nor skips it, and its olm.skipRange does not contain the installed version). Without it such "
                    + "an install is refused before anything is written.")
    boolean force;

    @Option(names = "--ignore-dependencies",
            description = "Plan and install a bundle whose dependencies (metadata/dependencies.yaml, "
                    + "olm.package.required and olm.gvk.required properties) the cluster does not meet, with a "
                    + "warning; the plan records that it was given. Without it such an install is refused before "
                    + "anything is written.")
    boolean ignoreDependencies;

    @Option(names = "--crd-upgrade-safety", paramLabel = "POLICY", defaultValue = "warn",
            completionCandidates = CompletionCandidates.CrdSafetyPolicies.class,
            description = "What a CRD update does when it would break what is stored under the CRD (OLM v1's "
                    + "checks: a field removed, a type changed, an enum narrowed, a bound tightened, a field made "
                    + "required, …): warn (the default) prints each finding and installs, as OLM v0 would; strict "
                    + "refuses the install before anything is written, as OLM v1 does. Against a cluster the live "
                    + "CRDs are compared; along a catalog's channel, each hop's CRDs with the hop's before it.")
    CrdSafetyPolicy crdUpgradeSafety = CrdSafetyPolicy.WARN;

    @Mixin
    RenderModeOptions render = new RenderModeOptions();

    @Mixin
    OperatorConfigOptions config = new OperatorConfigOptions();

    @Mixin
    CapabilityOptions capabilities = new CapabilityOptions();

    @Mixin
    PayloadOptions payload = new PayloadOptions();

    @Mixin
    CatalogChoiceOptions catalog = new CatalogChoiceOptions();

    @Mixin
    RegistryAccessOptions registry = new RegistryAccessOptions();

    /** Whether a bundle is named at all: DIR, an image, or a catalog. */
    boolean inputGiven() {
        return directory != null || catalog.given();
    }

    /**
     * The same options for another directory: a batch plans each bundle it found with what was
     * given once on the command line.
     */
    PlanInputOptions forDirectory(Path other) {
        PlanInputOptions copy = new PlanInputOptions();
        copy.directory = other;
        copy.namespace = namespace;
        copy.apiSurfaces = apiSurfaces;
        copy.optionalApis = optionalApis;
        copy.noConvert = noConvert;
        copy.ignoreDependencies = ignoreDependencies;
        copy.crdUpgradeSafety = crdUpgradeSafety;
        copy.render = render;
        copy.config = config;
        copy.capabilities = capabilities;
        copy.payload = payload;
        copy.registry = registry;
        return copy;
    }

    /**
     * The same options for a bundle a dependency chain installs before the one named: the operator
     * configuration is the named operator's, as a Subscription's is its own package's, so a
     * dependency keeps the configuration its own install recorded (docs/operator-config.md).
     */
    PlanInputOptions forDependency() {
        PlanInputOptions copy = forDirectory(directory);
        copy.force = force;
        copy.catalog = catalog;
        copy.config = new OperatorConfigOptions();
        return copy;
    }

    /** The {@code --optional-api} rules; a malformed value is invalid input naming it. */
    OptionalApis optionalApiRules() {
        List<OptionalApi> rules = new ArrayList<>();
        for (String value : optionalApis) {
            try {
                rules.add(OptionalApi.parse(value));
            } catch (IllegalArgumentException e) {
                throw new UserInputException("--optional-api \"" + value + "\": " + e.getMessage());
            }
        }
        return new OptionalApis(rules);
    }
}
