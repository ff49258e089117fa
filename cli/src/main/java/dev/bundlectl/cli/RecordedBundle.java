package dev.bundlectl.cli;

import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.VersionHistoryEntry;
import dev.bundlectl.plan.OptionalApi;
import dev.bundlectl.plan.review.PlanOptions;
import dev.bundlectl.plan.review.PlanOptionsAnnotation;
import dev.bundlectl.source.errors.BadReferenceException;
import dev.bundlectl.source.errors.RegistryUnavailableException;
import dev.bundlectl.source.reference.ImageReference;
import dev.bundlectl.source.reference.ReferenceParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;

/**
 * The bundle a rollback goes back to, as the install record of that version keeps it
 * (docs/semantics.md §9, "Rollbacks"): its source, and the options it was planned with.
 *
 * <p>An image is taken by the digest it resolved to when it was installed, never by its tag, which
 * may have moved since: the cache answers without a request when it has the digest, else its
 * registry. A directory is read where the install read it, and must still hold the recorded CSV.
 * A source that is gone (the digest in neither the cache nor the registry, the directory missing or
 * holding another version, a record that never kept the digest of a tag) is invalid input naming
 * the version and its source; nothing has been asked of the cluster's objects by then.
 */
final class RecordedBundle {

    private final BundleSourcing sourcing;
    private final RegistryAccessOptions registry;

    RecordedBundle(BundleSourcing sourcing, RegistryAccessOptions registry) {
        this.sourcing = sourcing;
        this.registry = registry;
    }

    /** The directory of the bundle {@code record} installed, as {@code version} of the history names it. */
    SourcedInput source(InstallRecord record, VersionHistoryEntry version) {
        String which = which(record, version);
        if (record.bundleSource() != null) {
            BundleSourceAnnotation.Recorded recorded = BundleSourceAnnotation.parse(record.bundleSource(),
                    "install record " + record.name() + ": bundleSource");
            return pulled(which, pinned(recorded.reference(), record).pinned(recorded.digest()));
        }
        String path = record.bundlePath();
        if (path == null) {
            throw new UserInputException("the source of " + which + " is gone: its install record " + record.name()
                    + " does not name the bundle it installed");
        }
        if (looksLikeImage(path)) {
            ImageReference image = pinned(path, record);
            if (image.digest().isEmpty()) {
                throw new UserInputException("the source of " + which + " is gone: it was installed from " + path
                        + " by tag, and its install record " + record.name() + " does not keep the digest the tag "
                        + "resolved to (it was written before records kept it); the tag may have moved since");
            }
            return pulled(which, path);
        }
        Path directory = Path.of(path);
        if (!Files.isDirectory(directory)) {
            throw new UserInputException("the source of " + which + " is gone: it was installed from the directory "
                    + path + ", which is not there" + (directory.isAbsolute() ? ""
                            : " (relative to " + Path.of("").toAbsolutePath() + "; run rollback where install ran)"));
        }
        return SourcedInput.directory(directory);
    }

    /**
     * Refuses {@code read} unless it is the version the history names: a directory may have been
     * changed in place since it was installed.
     */
    static void requireRecordedVersion(ReadInput read, InstallRecord record, VersionHistoryEntry version) {
        if (!(read instanceof ReadInput.BundleDirectory bundle)) {
            throw new UserInputException(read.source().label() + ": a rollback goes back to a bundle; this is a "
                    + "release-payload directory");
        }
        var csv = bundle.bundle().csv();
        String name = csv == null ? null : csv.name();
        String found = csv == null ? null : csv.body().path("spec").path("version").asText(null);
        boolean same = java.util.Objects.equals(name, version.csvName())
                && (version.version() == null || version.version().equals(found));
        if (!same) {
            throw new UserInputException("the source of " + which(record, version) + " is gone: "
                    + read.source().label() + " now holds " + (name == null ? "no CSV" : name + (found == null ? "" : " (" + found + ")"))
                    + ", not the recorded " + version.csvName()
                    + (version.version() == null ? "" : " (" + version.version() + ")"));
        }
    }

    /**
     * The plan options {@code record} was planned with, as the input of a plan: its CSV mode, render
     * options, optional APIs and conversion; the defaults when the record does not keep them. A
     * forced plan, since a rollback leaves the upgrade graph by definition.
     */
    PlanInputOptions options(InstallRecord record, String namespace) {
        PlanInputOptions input = new PlanInputOptions();
        input.namespace = namespace;
        input.force = true;
        input.registry = registry;
        if (record.planOptions() == null) {
            return input;
        }
        PlanOptions options;
        try {
            options = PlanOptionsAnnotation.read(record.planOptions());
        } catch (IllegalArgumentException e) {
            throw new UserInputException("install record " + record.name() + ": planOptions: " + e.getMessage());
        }
        if (options.csvMode() != null) {
            input.render.csvMode = options.csvMode().wireName();
        }
        if (options.render().installMode() != null) {
            input.render.installMode = options.render().installMode().wireName();
        }
        input.render.watchNamespaces = new ArrayList<>(options.render().watchNamespaces());
        if (options.render().certProvider() != null) {
            input.render.certProvider = options.render().certProvider().wireName();
        }
        input.optionalApis = new ArrayList<>(options.optionalApis().rules().stream().map(OptionalApi::text).toList());
        input.noConvert = !options.conversion().enabled();
        return input;
    }

    /** e.g. {@code cachebox-operator 0.3.1}. */
    private static String which(InstallRecord record, VersionHistoryEntry version) {
        return record.packageName() + " " + (version.version() != null ? version.version() : version.csvName());
    }

    private SourcedInput pulled(String which, String pinned) {
        try {
            return sourcing.reference(pinned);
        } catch (UserInputException | RegistryUnavailableException e) {
            throw new UserInputException("the source of " + which + " is gone: " + pinned + " is in neither the cache ("
                    + cacheRoot() + ") nor its registry: " + e.getMessage());
        }
    }

    private String cacheRoot() {
        try {
            return registry.settings().cacheRoot().toString();
        } catch (RuntimeException e) {
            return "the cache";
        }
    }

    private static ImageReference pinned(String reference, InstallRecord record) {
        try {
            return ReferenceParser.parseImage(reference);
        } catch (BadReferenceException e) {
            throw new UserInputException("install record " + record.name() + ": " + e.getMessage());
        }
    }

    /** Whether a recorded bundle path names an image rather than a directory. */
    private static boolean looksLikeImage(String path) {
        if (Files.isDirectory(Path.of(path))) {
            return false;
        }
        try {
            return ReferenceParser.parse(path) instanceof ImageReference;
        } catch (BadReferenceException e) {
            return false;
        }
    }
}
