package dev.bundlectl.cli;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.CapabilityAnnotation;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityConfigFactory;
import dev.bundlectl.plan.capability.CapabilityConfigParser;
import dev.bundlectl.plan.capability.CapabilityConfigResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The cluster-capability flags, shared by {@code plan} and {@code install}. */
final class CapabilityOptions {

    @Option(names = "--capabilities-file", paramLabel = "FILE",
            description = {
                "Cluster capabilities, in any of three forms (detected by their keys): install-config "
                        + "(inclusionDefault, include, exclude),",
                "ClusterVersion (baselineCapabilitySet, additionalEnabledCapabilities) or HyperShift "
                        + "(enabled, disabled); a whole ClusterVersion or HostedCluster document works too."
            })
    Path capabilitiesFile;

    @Option(names = "--baseline-capability-set", paramLabel = "SET", completionCandidates = CompletionCandidates.BaselineSets.class,
            description = "None, v4.11 ... v4.18 or vCurrent (the default once any capability flag is given).")
    String baselineCapabilitySet;

    @Option(names = "--enable-capability", paramLabel = "CAPABILITY", completionCandidates = CompletionCandidates.CapabilityNames.class, description = "Enable a capability (repeatable).")
    List<String> enabled = new ArrayList<>();

    @Option(names = "--disable-capability", paramLabel = "CAPABILITY", completionCandidates = CompletionCandidates.CapabilityNames.class, description = "Disable a capability (repeatable).")
    List<String> disabled = new ArrayList<>();

    /** Whether any capability option was given. */
    boolean given() {
        return capabilitiesFile != null || baselineCapabilitySet != null || !enabled.isEmpty() || !disabled.isEmpty();
    }

    /**
     * The configuration the options describe, or empty when none was given (then nothing is
     * excluded for capabilities). Invalid configurations end as {@link UserInputException}.
     *
     * @param manifests the manifests being planned: capability names they carry count as known
     */
    Optional<CapabilityConfig> resolve(Collection<Manifest> manifests, DiagnosticsPrinter diagnostics) {
        if (!given()) {
            return Optional.empty();
        }
        boolean flagsGiven = baselineCapabilitySet != null || !enabled.isEmpty() || !disabled.isEmpty();
        if (capabilitiesFile != null && flagsGiven) {
            throw new UserInputException("--capabilities-file cannot be combined with --baseline-capability-set, "
                    + "--enable-capability or --disable-capability: give one or the other");
        }
        CapabilityConfigFactory factory = new CapabilityConfigFactory(CapabilityAnnotation.namesIn(manifests));
        CapabilityConfigResult result = capabilitiesFile != null
                ? new CapabilityConfigParser(factory).parse(capabilitiesFile)
                : factory.fromFlags(baselineCapabilitySet, enabled, disabled);
        diagnostics.reportOrFail(result.diagnostics());
        return Optional.of(result.config().orElseThrow(
                () -> new IllegalStateException("capability configuration has no errors and no result")));
    }
}
