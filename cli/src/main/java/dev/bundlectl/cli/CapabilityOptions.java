package dev.bundlectl.cli;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityConfigFactory;
import dev.bundlectl.plan.capability.CapabilityConfigParser;
import dev.bundlectl.plan.capability.CapabilityConfigResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The cluster-capability flags, shared by {@code plan} and {@code install}. */
// No method here is a command: without this, picocli reads every method's annotations at each start.
@Command(addMethodSubcommands = false)
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

    /**
     * The text of {@code --capabilities-file}, once {@link #withFileRead} has read it; null means
     * read the file when resolving.
     */
    private String fileText;

    /**
     * These options with {@code --capabilities-file} read once, for a batch that resolves them for
     * many bundles; a file that cannot be read, or does not parse, is invalid input now, before any
     * bundle is planned.
     */
    CapabilityOptions withFileRead(DiagnosticsPrinter diagnostics) {
        CapabilityOptions copy = new CapabilityOptions();
        copy.capabilitiesFile = capabilitiesFile;
        copy.baselineCapabilitySet = baselineCapabilitySet;
        copy.enabled = enabled;
        copy.disabled = disabled;
        if (capabilitiesFile != null) {
            // Checked against no bundle's names first: an unknown capability a bundle declares is
            // then reported again, per bundle, only where it is really unknown.
            copy.resolve(List.of(), diagnostics.errorsOnly());
            try {
                copy.fileText = Files.readString(capabilitiesFile);
            } catch (IOException e) {
                throw new UserInputException("--capabilities-file " + capabilitiesFile + ": cannot read the file: "
                        + e.getMessage());
            }
        }
        return copy;
    }

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
        CapabilityConfigFactory factory = CapabilityConfigFactory.forManifests(manifests);
        CapabilityConfigResult result = capabilitiesFile != null
                ? (fileText != null ? new CapabilityConfigParser(factory).parse(capabilitiesFile.toString(), fileText)
                        : new CapabilityConfigParser(factory).parse(capabilitiesFile))
                : factory.fromFlags(baselineCapabilitySet, enabled, disabled);
        diagnostics.reportOrFail(result.diagnostics());
        return Optional.of(result.config().orElseThrow(
                () -> new IllegalStateException("capability configuration has no errors and no result")));
    }
}
