package dev.bundlectl.cli;

import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.capability.CapabilitySets;
import dev.bundlectl.render.CertProvider;
import dev.bundlectl.render.InstallModeType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The values shell completion offers for options whose values are known. Each list comes from the
 * model that validates the value, so completion never offers a value the command would refuse.
 * picocli instantiates these classes when it builds the command model and when it writes the
 * completion script.
 */
final class CompletionCandidates {

    private CompletionCandidates() {
    }

    /** {@code -o} of {@code status}. */
    static final class DocumentFormats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("table", "yaml", "json").iterator();
        }
    }

    /** {@code -o} of {@code plan}, which adds the diff against a cluster. */
    static final class PlanFormats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("table", "yaml", "json", "diff").iterator();
        }
    }

    /** {@code -o} of {@code install}, which adds the progress events. */
    static final class InstallFormats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("table", "yaml", "json", "jsonl").iterator();
        }
    }

    /** {@code -o} of {@code version}. */
    static final class VersionFormats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("text", "json").iterator();
        }
    }

    /** {@code --csv-mode}. */
    static final class CsvModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(CsvMode.values()).map(CsvMode::wireName).iterator();
        }
    }

    /** {@code --install-mode}. */
    static final class InstallModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(InstallModeType.values()).map(InstallModeType::wireName).iterator();
        }
    }

    /** {@code --cert-provider}. */
    static final class CertProviders implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(CertProvider.values()).map(CertProvider::wireName).iterator();
        }
    }

    /** {@code --enable-capability} and {@code --disable-capability}: OpenShift's known capabilities. */
    static final class CapabilityNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return CapabilitySets.KNOWN.iterator();
        }
    }

    /** {@code --baseline-capability-set}. */
    static final class BaselineSets implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return CapabilitySets.setNames().iterator();
        }
    }

    /** {@code --api-surface}: the built-in names (a file path is completed by the shell). */
    static final class ApiSurfaceNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(ApiSurfaceOptions.KUBERNETES, ApiSurfaceOptions.KUBERNETES_WITHOUT_OLM).iterator();
        }
    }

    /** {@code --dry-run}, as kubectl spells it. */
    /** {@code --crd-upgrade-safety} values. */
    static final class CrdSafetyPolicies implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> names = new ArrayList<>();
            for (dev.bundlectl.plan.crdsafety.CrdSafetyPolicy policy : dev.bundlectl.plan.crdsafety.CrdSafetyPolicy.values()) {
                names.add(policy.flagValue());
            }
            return names.iterator();
        }
    }

    static final class DryRunModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> names = new ArrayList<>();
            for (DryRunMode mode : DryRunMode.values()) {
                names.add(mode.name().toLowerCase(java.util.Locale.ROOT));
            }
            return names.iterator();
        }
    }
}
