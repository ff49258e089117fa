package dev.bundlectl.cli;

import dev.bundlectl.plan.payload.PayloadFilterSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Release-payload inclusion flags (library-go's checks); they apply to payload directories only. */
// No method here is a command: without this, picocli reads every method's annotations at each start.
@Command(addMethodSubcommands = false)
final class PayloadOptions {

    @Option(names = "--profile", paramLabel = "P",
            description = "Cluster profile, e.g. self-managed-high-availability: manifests without "
                    + "include.release.openshift.io/P: \"true\" are left out. Default: no profile filtering.")
    String profile;

    @Option(names = "--feature-set", paramLabel = "S",
            description = "Feature set (release.openshift.io/feature-set), e.g. TechPreviewNoUpgrade. Default: Default.")
    String featureSet;

    @Option(names = "--exclude-id", paramLabel = "ID",
            description = "Leave out manifests annotated exclude.release.openshift.io/ID: \"true\".")
    String excludeId;

    @Option(names = "--show-excluded",
            description = "Also list the manifests that --profile, --feature-set or --exclude-id left out, with the reason.")
    boolean showExcluded;

    boolean given() {
        return profile != null || featureSet != null || excludeId != null || showExcluded;
    }

    PayloadFilterSettings settings() {
        PayloadFilterSettings settings = new PayloadFilterSettings(excludeId, featureSet, profile);
        settings.problem().ifPresent(problem -> {
            throw new UserInputException(problem);
        });
        return settings;
    }
}
